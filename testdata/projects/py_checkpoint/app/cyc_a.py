from . import cyc_b


def a() -> None:
    cyc_b.b()
