"""The session audit page: a read-only web view of sessions, served by the service itself (docs/audit-page.md)."""
