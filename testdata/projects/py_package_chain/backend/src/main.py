from fastapi import FastAPI

from db import kafka_producer
from api.v1.views import router

app = FastAPI()


@app.on_event("startup")
async def startup():
    kafka_producer.aioproducer = await kafka_producer.init_kafka()


@app.on_event("shutdown")
async def shutdown():
    await kafka_producer.aioproducer.stop()


app.include_router(router)
