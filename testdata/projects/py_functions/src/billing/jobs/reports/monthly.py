"""Monthly report: three levels up to the package."""
from ... import shared_producer
from ...kafka import producer as report_sink


def _delivered(err, msg) -> None:
    if err is not None:
        raise RuntimeError(err)


def send_report(body: bytes) -> None:
    shared_producer().produce("reports", body)  # expect: OL201
    shared_producer().produce("reports", body, on_delivery=_delivered)
    report_sink.produce("reports", body)  # expect: OL201
    report_sink.produce("reports", body, on_delivery=_delivered)
