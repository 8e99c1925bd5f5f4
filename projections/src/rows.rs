//! Multi-row statements: many rows of a table per `INSERT`, each row's values bound
//! straight from the projector's own structs.

use sqlx::any::AnyArguments;
use sqlx::{Any, Connection, Transaction};

/// Bind parameters per multi-row statement. SQLite's limit is 32,766, Postgres's 65,535;
/// staying well under both keeps one statement a few hundred kilobytes of SQL.
pub(crate) const BIND_PARAMS_MAX: usize = 20_000;

pub(crate) type AnyQuery<'q> = sqlx::query::Query<'q, Any, AnyArguments<'q>>;

/// How a statement names its parameters. SQLite resolves every named parameter (`$7`)
/// with a linear search of the names seen so far, so a statement with thousands of them
/// costs quadratic time to prepare (20,000 parameters: seconds). Anonymous `?` are
/// numbered as they come, at no cost; Postgres only knows `$n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Params {
    Anonymous,
    Numbered,
}

impl Params {
    pub(crate) fn of(tx: &Transaction<'static, Any>) -> Self {
        // `sqlx::Any` names its SQLite backend "SQLite".
        if tx.backend_name().eq_ignore_ascii_case("sqlite") {
            Self::Anonymous
        } else {
            Self::Numbered
        }
    }

    /// `count` parameters, numbered from `first`: `?, ?, ?` or `$first, $first+1, …`.
    pub(crate) fn list(self, first: usize, count: usize) -> String {
        match self {
            Self::Anonymous => vec!["?"; count].join(", "),
            Self::Numbered => store::sql::numbered_params(first, count),
        }
    }
}

/// One table's multi-row statement: `head VALUES (…), (…) tail`, where `bind` binds
/// exactly `columns` values of a row.
pub(crate) struct Insert<R> {
    pub head: &'static str,
    pub columns: usize,
    pub tail: &'static str,
    pub bind: for<'q> fn(AnyQuery<'q>, &'q R) -> AnyQuery<'q>,
}

impl<R: Sync> Insert<R> {
    /// Inserts `rows` in chunks that stay under [`BIND_PARAMS_MAX`] parameters.
    pub(crate) async fn run(
        &self,
        tx: &mut Transaction<'static, Any>,
        rows: &[R],
    ) -> Result<(), sqlx::Error> {
        let params = Params::of(tx);
        let rows_per_statement = (BIND_PARAMS_MAX / self.columns).max(1);
        for chunk in rows.chunks(rows_per_statement) {
            let sql = self.statement(params, chunk.len());
            let mut query = sqlx::query(&sql);
            for row in chunk {
                query = (self.bind)(query, row);
            }
            query.execute(&mut **tx).await?;
        }
        // A full statement grew the connection's buffers to its size, which they keep while
        // the connection sits in the pool (Postgres; SQLite has none to give back).
        if rows.len() >= rows_per_statement {
            tx.shrink_buffers();
        }
        Ok(())
    }

    fn statement(&self, params: Params, rows: usize) -> String {
        let mut sql =
            String::with_capacity(self.head.len() + self.tail.len() + rows * self.columns * 6);
        sql.push_str(self.head);
        sql.push_str(" VALUES ");
        for i in 0..rows {
            if i > 0 {
                sql.push_str(", ");
            }
            sql.push('(');
            sql.push_str(&params.list(i * self.columns + 1, self.columns));
            sql.push(')');
        }
        sql.push_str(self.tail);
        sql
    }
}
