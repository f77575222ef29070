# A star re-export, as frameworks do: `from svc.kafka import Consumer` is the wrapper.
from .consumer import *  # noqa: F403
