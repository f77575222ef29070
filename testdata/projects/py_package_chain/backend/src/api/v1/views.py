from fastapi import APIRouter

from db.kafka_producer import get_aioproducer

router = APIRouter()


@router.post("/views")
async def add_view(film_id: str):
    producer = await get_aioproducer()
    await producer.send(topic="views", value=film_id.encode())  # expect: OL201
    return {"ok": True}
