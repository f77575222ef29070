"""The only module that imports the model library: it builds the client others are handed."""
from openai import OpenAI


def make_client() -> OpenAI:
    return OpenAI()
