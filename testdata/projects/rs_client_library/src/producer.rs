pub struct FutureProducer;

pub struct FutureRecord<'a> {
    pub topic: &'a str,
}

impl<'a> FutureRecord<'a> {
    pub fn to(topic: &'a str) -> FutureRecord<'a> {
        FutureRecord { topic }
    }
}
