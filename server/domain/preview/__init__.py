"""Tolerant reading of tool output previews, which may be cut anywhere.

jsonscan (shared scanner and cut marker), cutjson (a JSON preview, whole or
cut), locate (where a value is written in a preview), loglines (plain log
lines). domain/payloads.py re-exports the public names.
"""
