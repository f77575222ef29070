//! Order repository on sqlx and rusqlite: transactions and commits.
//!
//! Clean fixture: database transactions are not Kafka clients, and a local
//! `OutboxConsumer` type is not one either (no rdkafka import). Expected findings: none.

use rusqlite::{params, Connection};
use sqlx::{PgPool, Postgres, Transaction};

pub async fn place_order(pool: &PgPool, customer: i64, total_cents: i64) -> Result<i64, sqlx::Error> {
    let mut tx: Transaction<'_, Postgres> = pool.begin().await?;
    let (id,): (i64,) = sqlx::query_as("insert into orders (customer_id, total_cents) values ($1, $2) returning id")
        .bind(customer)
        .bind(total_cents)
        .fetch_one(&mut *tx)
        .await?;
    sqlx::query("insert into outbox (order_id) values ($1)")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(id)
}

pub struct OutboxConsumer {
    conn: Connection,
    last_id: i64,
}

impl OutboxConsumer {
    pub fn open(path: &str) -> rusqlite::Result<Self> {
        Ok(Self { conn: Connection::open(path)?, last_id: 0 })
    }

    pub fn fetch(&mut self) -> rusqlite::Result<Vec<(i64, String)>> {
        let mut stmt = self.conn.prepare("select id, payload from outbox where id > ?1 order by id limit 100")?;
        let rows = stmt
            .query_map(params![self.last_id], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<Vec<_>, _>>()?;
        if let Some((id, _)) = rows.last() {
            self.last_id = *id;
        }
        Ok(rows)
    }

    pub fn commit(&mut self) -> rusqlite::Result<()> {
        let tx = self.conn.transaction()?;
        tx.execute("update outbox_state set last_id = ?1", params![self.last_id])?;
        tx.commit()
    }
}

pub fn drain(path: &str) -> rusqlite::Result<usize> {
    let mut consumer = OutboxConsumer::open(path)?;
    let mut n = 0;
    loop {
        let rows = consumer.fetch()?;
        if rows.is_empty() {
            return Ok(n);
        }
        n += rows.len();
        consumer.commit()?;
    }
}
