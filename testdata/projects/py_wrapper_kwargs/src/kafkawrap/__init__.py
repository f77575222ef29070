from ._consumer import Consumer
from ._producer import Producer
