//! OL102 precision: transactions of a database committed in `Err` arms are not Kafka commits.

use sqlx::{Postgres, Transaction};

pub async fn save(mut tx: Transaction<'_, Postgres>, rows: &[Row]) -> Result<(), sqlx::Error> {
    match insert_rows(&mut tx, rows).await {
        Ok(()) => tx.commit().await,
        Err(e) => {
            tracing::error!("{e}");
            tx.commit().await?;
            Err(e)
        }
    }
}

pub fn apply(conn: &mut diesel::PgConnection, consumer_log: &mut Log) {
    if let Err(e) = write(conn) {
        consumer_log.commit();
        tracing::error!("{e}");
    }
}
