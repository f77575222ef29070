# coding: klingon
x = 1

# offsetlint reads this file: it names confluent_kafka / rdkafka
