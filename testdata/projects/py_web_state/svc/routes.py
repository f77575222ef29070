"""Routes read the clients from `request.app.state`; this module names no Kafka library."""
from fastapi import APIRouter, Request

router = APIRouter()


@router.post("/events")
async def post_event(request: Request, body: dict):
    await request.app.state.producer.send("events", str(body).encode())  # expect: OL201
    return {"ok": True}


@router.post("/events/confirmed")
async def post_confirmed(request: Request, body: dict):
    await request.app.state.producer.send_and_wait("events", str(body).encode())
    return {"ok": True}


@router.post("/rows")
async def post_row(request: Request, body: dict):
    # The application's database connection: its commit is not Kafka's.
    request.app.state.db.execute("insert into events values (?)", (str(body),))
    request.app.state.db.commit()
    return {"ok": True}


@router.post("/scoped")
async def post_scoped(request: Request, body: dict):
    # `request.state` is the request's own state, not the application's.
    await request.state.producer.send("events", str(body).encode())
    return {"ok": True}
