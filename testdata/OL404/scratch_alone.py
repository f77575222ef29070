"""OL404, one file: a scratch module (by its name) whose consumers join groups that no
production consumer of the program uses (linted alone, there is none). The cases with
production code are the projects `testdata/projects/py_scratch` and `rs_scratch`."""
from confluent_kafka import Consumer

# No production consumer in the program: nothing to collide with.
peek = Consumer({"group.id": "billing", "enable.auto.commit": False})
# Two scratch consumers sharing a group: not a production group.
again = Consumer({"group.id": "billing", "enable.auto.commit": False})
