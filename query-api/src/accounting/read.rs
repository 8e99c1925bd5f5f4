//! Running a [`Sql`] on either backend with one decoder per row shape.
//!
//! On SQLite the ledger's hot reads (balances at a date, the general ledger's walk and
//! page) run on the database's native read connections ([`store::SqliteReads`]): a
//! cached prepared statement whose rows are stepped straight into the answer's values.
//! Through `sqlx::Any` each row crossed a channel from the driver's worker thread and was
//! copied into an `AnyRow` first, which cost more than SQLite's own work. Postgres stays on
//! the `Any` pool. The backend is chosen here only: a query is written once, as a [`Sql`],
//! and its rows once, as a [`FromColumns`].

use std::collections::HashMap;

use api_core::ApiError;
use futures::TryStreamExt;
use sqlx::any::AnyRow;
use sqlx::Row;
use store::{Db, StoreError};

use super::balances::Tally;
use super::{Bind, Sql};

/// One result row, by column index, whichever backend read it.
pub(crate) trait Columns {
    /// An integer; NULL (an empty `SUM`) reads as 0.
    fn int(&self, i: usize) -> Result<i64, ApiError>;
    fn opt_int(&self, i: usize) -> Result<Option<i64>, ApiError>;
    fn text(&self, i: usize) -> Result<String, ApiError>;
    fn opt_text(&self, i: usize) -> Result<Option<String>, ApiError>;
}

/// A value built from one row.
pub(crate) trait FromColumns: Sized + Send + 'static {
    fn from_columns(row: &impl Columns) -> Result<Self, ApiError>;
}

impl Columns for AnyRow {
    fn int(&self, i: usize) -> Result<i64, ApiError> {
        Ok(self.opt_int(i)?.unwrap_or(0))
    }

    fn opt_int(&self, i: usize) -> Result<Option<i64>, ApiError> {
        Ok(self.try_get::<Option<i64>, _>(i)?)
    }

    fn text(&self, i: usize) -> Result<String, ApiError> {
        Ok(self.try_get::<String, _>(i)?)
    }

    fn opt_text(&self, i: usize) -> Result<Option<String>, ApiError> {
        Ok(self.try_get::<Option<String>, _>(i)?)
    }
}

impl Columns for rusqlite::Row<'_> {
    fn int(&self, i: usize) -> Result<i64, ApiError> {
        Ok(self.opt_int(i)?.unwrap_or(0))
    }

    fn opt_int(&self, i: usize) -> Result<Option<i64>, ApiError> {
        self.get_ref(i)
            .map_err(sqlite)?
            .as_i64_or_null()
            .map_err(|e| ApiError::internal(format!("column {i}: {e}")))
    }

    fn text(&self, i: usize) -> Result<String, ApiError> {
        self.opt_text(i)?
            .ok_or_else(|| ApiError::internal(format!("column {i}: unexpected NULL")))
    }

    fn opt_text(&self, i: usize) -> Result<Option<String>, ApiError> {
        Ok(borrowed_text(self, i)?.map(str::to_owned))
    }
}

/// Column `i` as the row's own text, not copied (`None` for NULL).
fn borrowed_text<'r>(row: &'r rusqlite::Row<'_>, i: usize) -> Result<Option<&'r str>, ApiError> {
    row.get_ref(i)
        .map_err(sqlite)?
        .as_str_or_null()
        .map_err(|e| ApiError::internal(format!("column {i}: {e}")))
}

fn misnumbered(sql: &str) -> ApiError {
    ApiError::internal(format!("parameters out of order in {sql:?}"))
}

fn sqlite(err: rusqlite::Error) -> ApiError {
    StoreError::Sqlite(err).into()
}

impl Sql {
    /// Every row the statement selects, decoded as `T`.
    pub(crate) async fn fetch<T: FromColumns>(&self, db: &Db) -> Result<Vec<T>, ApiError> {
        self.fold(db, Vec::new(), |out, row| out.push(row)).await
    }

    /// The first row's single nullable integer (a setting, an aggregate); `None` also when
    /// no row is selected.
    pub(crate) async fn fetch_int(&self, db: &Db) -> Result<Option<i64>, ApiError> {
        Ok(self
            .fetch::<Option<i64>>(db)
            .await?
            .into_iter()
            .next()
            .flatten())
    }

    /// Folds every row the statement selects, decoded as `T`, into `acc`, one row at a
    /// time as they come, never all held at once (a workspace's day totals at a million
    /// postings are ~300,000 rows: ~50 MB collected first on SQLite, ~100 MB on Postgres).
    pub(crate) async fn fold<T: FromColumns, A: Send + 'static>(
        &self,
        db: &Db,
        acc: A,
        step: impl Fn(&mut A, T) + Send + 'static,
    ) -> Result<A, ApiError> {
        let Some(reads) = db.sqlite_reads() else {
            let mut acc = acc;
            let mut rows = self.query().fetch(&db.pool);
            while let Some(row) = rows.try_next().await? {
                step(&mut acc, T::from_columns(&row)?);
            }
            return Ok(acc);
        };
        self.fold_rows(reads, acc, move |acc, row| {
            step(acc, T::from_columns(row)?);
            Ok(())
        })
        .await
    }

    /// Per key, the sums of the rows the statement selects as `key, debit, credit,
    /// postings` (named `k, d, c, n`), each row counted once with its sign.
    ///
    /// SQLite adds the rows up as they are stepped: its `GROUP BY` would first sort every
    /// row by its text key, two thirds of a trial balance's time at a million postings.
    /// Postgres groups them itself (a hash aggregate) and sends one row per key.
    pub(crate) async fn sums_by_key(&self, db: &Db) -> Result<HashMap<String, Tally>, ApiError> {
        let Some(reads) = db.sqlite_reads() else {
            let grouped = Sql {
                text: format!(
                    "SELECT k, CAST(SUM(d) AS BIGINT), CAST(SUM(c) AS BIGINT), \
                     CAST(SUM(n) AS BIGINT) FROM ({}) t GROUP BY k",
                    self.text
                ),
                binds: self.binds.clone(),
            };
            return Ok(grouped
                .fetch::<(String, Tally)>(db)
                .await?
                .into_iter()
                .collect());
        };
        self.fold_rows(
            reads,
            HashMap::new(),
            |sums: &mut HashMap<String, Tally>, row| {
                let tally = Tally::from_columns_at(row, 1)?;
                let key = borrowed_text(row, 0)?
                    .ok_or_else(|| ApiError::internal("column 0: unexpected NULL"))?;
                // Looked up by the borrowed text: a key is copied once, not per row.
                match sums.get_mut(key) {
                    Some(sum) => *sum += tally,
                    None => {
                        sums.insert(key.to_owned(), tally);
                    }
                }
                Ok(())
            },
        )
        .await
    }

    /// Steps the statement's rows on a native read connection into `acc`, one `step`
    /// per row, without collecting them first.
    async fn fold_rows<A: Send + 'static>(
        &self,
        reads: &std::sync::Arc<store::SqliteReads>,
        mut acc: A,
        step: impl Fn(&mut A, &rusqlite::Row<'_>) -> Result<(), ApiError> + Send + 'static,
    ) -> Result<A, ApiError> {
        let sql = self.clone();
        reads
            .read(move |connection| {
                let mut statement = sql.bound(connection)?;
                let mut rows = statement.raw_query();
                while let Some(row) = rows.next().map_err(sqlite)? {
                    step(&mut acc, row)?;
                }
                Ok(acc)
            })
            .await
    }

    /// The statement prepared (from the connection's cache) with its values bound.
    fn bound<'c>(
        &self,
        connection: &'c rusqlite::Connection,
    ) -> Result<rusqlite::CachedStatement<'c>, ApiError> {
        let mut statement = connection.prepare_cached(&self.text).map_err(sqlite)?;
        // `$n` is a named parameter to SQLite, numbered in the order names first appear:
        // the n-th bind, as `Sql` writes them. Checked by name (an array lookup), not
        // looked up (a linear search per name).
        if statement.parameter_count() != self.binds.len() {
            return Err(misnumbered(&self.text));
        }
        for (i, bind) in self.binds.iter().enumerate() {
            let index = i + 1;
            if statement.parameter_name(index) != Some(format!("${index}").as_str()) {
                return Err(misnumbered(&self.text));
            }
            match bind {
                Bind::Text(v) => statement.raw_bind_parameter(index, v.as_str()),
                Bind::Int(v) => statement.raw_bind_parameter(index, v),
            }
            .map_err(sqlite)?;
        }
        Ok(statement)
    }
}

/// A single nullable integer column (a setting, an aggregate).
impl FromColumns for Option<i64> {
    fn from_columns(row: &impl Columns) -> Result<Self, ApiError> {
        row.opt_int(0)
    }
}

/// A single nullable text column (`MAX(date)`).
impl FromColumns for Option<String> {
    fn from_columns(row: &impl Columns) -> Result<Self, ApiError> {
        row.opt_text(0)
    }
}
