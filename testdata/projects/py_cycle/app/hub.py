"""The other half of the application-name cycle."""
from .web import app  # noqa: F401
