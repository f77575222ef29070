from dataclasses import dataclass

from app.bus import publish  # expect: OL403
from app.pricing import total  # expect: OL403
# Reaches confluent_kafka through project modules too: the same cause as the line above,
# one finding (this line is its `also`).
from app.tax import rate


@dataclass
class Invoice:
    lines: list

    def amount(self) -> int:
        publish([])
        return total(self.lines) + int(rate(self.lines))
