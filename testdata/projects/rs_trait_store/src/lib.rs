//! Explicit offset stores through traits. Each consumer's config is passed in, so whether
//! it turns the automatic store off is not visible; the explicit store is the evidence. The
//! store sits in a trait impl: on the project's consumer type (in its file or another), or on
//! rdkafka's consumer type itself and reached through the trait's method. The twins commit
//! their position and store nothing.

pub mod ack;
pub mod extension;
pub mod source;
