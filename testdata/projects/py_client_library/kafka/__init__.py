from kafka.consumer import KafkaConsumer
from kafka.producer import KafkaProducer

__all__ = ["KafkaConsumer", "KafkaProducer"]
