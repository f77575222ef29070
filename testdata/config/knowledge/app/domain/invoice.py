from dataclasses import dataclass

from app.bus import publish  # expect: OL403
from app.pricing import total  # expect: OL403


@dataclass
class Invoice:
    lines: list

    def amount(self) -> int:
        publish([])
        return total(self.lines)
