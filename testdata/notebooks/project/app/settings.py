GROUP = "billing"
