"""Settings shared by the production consumers and, wrongly, by scratch code."""
GROUP_ID = "billing"
AUDIT_GROUP = "audit"
REPLAY_GROUP = "billing-replay"
