"""Callers, judged for what each passes."""
from .wrappers import W, Derived, EarlyReturns, Flagged, Outer


def run(conf, tp, parts, *rest, **options):
    w = W(conf)
    msg = w._c.poll(1.0)
    w.commit(msg)
    w.commit(message=msg)
    w.commit(offsets=[tp])
    w.commit(None, [tp])
    w.commit()  # expect: OL101
    w.commit(None)  # expect: OL101
    w.commit(message=None, offsets=None)  # expect: OL101
    # A splat the tool cannot see through may pass either: unknown, not "not passed".
    w.commit(*rest)
    w.commit(**options)

    e = EarlyReturns(conf)
    e.commit(msg)
    e.commit(offsets=[tp])
    e.commit(offsets=parts, asynchronous=False)
    e.commit()  # expect: OL101
    e.commit(asynchronous=False)  # expect: OL101

    d = Derived(conf)
    d.commit(msg)
    d.commit(offsets=[tp])
    d.commit()  # expect: OL101
    d.commit(None, [])  # expect: OL101

    f = Flagged(conf)
    f.commit(msg)
    f.commit(now=True)

    o = Outer(conf)
    o.commit(msg)
    o.commit()  # expect: OL101
