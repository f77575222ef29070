"""Shared aliases and records. Field types name the Kafka client classes."""
from dataclasses import dataclass
from typing import Optional, TypeAlias

import attrs
from confluent_kafka import Consumer, Producer
from pydantic import BaseModel, ConfigDict

Sink = Producer
Src = Consumer
Source: TypeAlias = Consumer


@dataclass
class Channel:
    name: str
    kc: Consumer


@attrs.define
class Outlet:
    topic: str
    out: Producer


class Results(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    results: Producer
    retries: int = 3


@dataclass
class Deps:
    results: Results
    channel: Channel


@dataclass
class Maybe:
    src: "Optional[Consumer]"
