//! Precision fixture for OL101: `commit()` on database transactions and on a local type
//! named like a consumer. No rdkafka import in this file, so the name heuristic is off.
//! Nothing here may be flagged.

use std::path::Path;

use diesel::connection::{AnsiTransactionManager, TransactionManager};
use diesel::pg::PgConnection;
use rusqlite::{params, Connection};
use sqlx::PgPool;

pub async fn save_invoice(pool: &PgPool, id: &str, total: i64) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query("insert into invoices (id, total) values ($1, $2)")
        .bind(id)
        .bind(total)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?; // sqlx transaction, not Kafka
    Ok(())
}

pub fn record_event(path: &Path, name: &str) -> rusqlite::Result<()> {
    let mut conn = Connection::open(path)?;
    let tx = conn.transaction()?;
    tx.execute("insert into events (name) values (?1)", params![name])?;
    tx.commit() // rusqlite transaction, not Kafka
}

pub fn manual_diesel(conn: &mut PgConnection) -> diesel::QueryResult<()> {
    AnsiTransactionManager::begin_transaction(conn)?;
    AnsiTransactionManager::commit_transaction(conn)?; // diesel transaction manager, not Kafka
    Ok(())
}

/// A journal reader that happens to be called a consumer.
pub struct JournalConsumer {
    conn: Connection,
    pos: i64,
}

impl JournalConsumer {
    pub fn open(path: &Path) -> rusqlite::Result<Self> {
        Ok(Self { conn: Connection::open(path)?, pos: 0 })
    }

    pub fn commit(&mut self) -> rusqlite::Result<()> {
        self.conn.execute("update reader_state set pos = ?1", params![self.pos])?;
        Ok(())
    }

    pub fn commit_consumer_state(&mut self) -> rusqlite::Result<()> {
        self.commit()
    }
}

pub fn drain(path: &Path) -> rusqlite::Result<()> {
    let mut consumer = JournalConsumer::open(path)?;
    consumer.commit()?; // local type named "consumer", no rdkafka import: heuristic off
    consumer.commit_consumer_state() // same local type, not rdkafka
}
