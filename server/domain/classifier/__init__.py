"""The per-tool evidence classifiers behind domain/evidence.py's classify().

text (limits and text helpers), call (the parsed call, a Finding, a ToolRule,
verbatim excerpts), generic (the gates common to every tool and the rule for
unknown tools), knowledge (lookup_knowledge), logs (query_logs), metrics
(query_metrics), promql (the metric name of a PromQL query).
"""
