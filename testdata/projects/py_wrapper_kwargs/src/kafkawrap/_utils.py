"""Helpers shared by the wrappers."""


def make_kwargs(**kwargs):
    # Only the keywords actually given: a splat of this passes them on as they were.
    return {k: v for k, v in kwargs.items() if v is not None}


def to_list(obj):
    return obj if isinstance(obj, list) else list(obj)
