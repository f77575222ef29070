pub mod bus;
pub mod records;
pub mod relay;
pub mod order_fixtures;
pub mod payment_fixtures;
