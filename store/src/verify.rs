//! `ledgerline events verify`: recompute every chain from genesis and name the first event
//! whose stored hash, previous hash or position in the chain is not what it must be.

use crate::backend::LogBackend;
use crate::hash::{recorded_event_hash, GENESIS_HASH};
use crate::StoreError;

const VERIFY_PAGE_SIZE: i64 = 5_000;

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ChainBreak {
    pub chain: String,
    pub chain_seq: i64,
    pub global_position: i64,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct VerifyReport {
    pub chains: usize,
    pub events: i64,
    pub first_break: Option<ChainBreak>,
}

pub async fn verify(log: &dyn LogBackend) -> Result<VerifyReport, StoreError> {
    let heads = log.chain_heads().await?;
    let mut report = VerifyReport {
        chains: heads.len(),
        events: 0,
        first_break: None,
    };
    for head in heads {
        let mut prev = GENESIS_HASH.to_owned();
        let mut expected_seq = 1;
        loop {
            let page = log
                .read_chain(&head.chain, expected_seq - 1, VERIFY_PAGE_SIZE)
                .await?;
            if page.is_empty() {
                break;
            }
            for event in &page {
                report.events += 1;
                let broken = |reason: String| ChainBreak {
                    chain: head.chain.clone(),
                    chain_seq: event.chain_seq,
                    global_position: event.global_position,
                    reason,
                };
                if event.chain_seq != expected_seq {
                    report.first_break = Some(broken(format!(
                        "expected chain sequence {expected_seq}, found {}",
                        event.chain_seq
                    )));
                    return Ok(report);
                }
                if event.prev_hash != prev {
                    report.first_break = Some(broken(
                        "previous hash does not match the preceding event".into(),
                    ));
                    return Ok(report);
                }
                let recomputed = recorded_event_hash(&prev, event);
                if recomputed != event.hash {
                    report.first_break = Some(broken(
                        "content does not match its hash (altered after it was written)".into(),
                    ));
                    return Ok(report);
                }
                prev = recomputed;
                expected_seq += 1;
            }
        }
        let verified = expected_seq - 1;
        if (verified != head.event_count || prev != head.head_hash)
            && !appended_since(log, &head.chain, head.event_count, verified).await?
        {
            report.first_break = Some(ChainBreak {
                chain: head.chain.clone(),
                chain_seq: expected_seq,
                global_position: head.last_position,
                reason: format!(
                    "chain head records {} events ending in {}, the log has {}",
                    head.event_count, head.head_hash, verified
                ),
            });
            return Ok(report);
        }
    }
    Ok(report)
}

/// Whether the log holds more of `chain` than its head said (`recorded`) only because
/// events were appended while the chain was being read: the heads are read first, and a
/// running server goes on appending. Each append moves the head in the same commit, so a
/// head read again must now count at least the `verified` events; one that still counts
/// fewer was passed by (an event written around the store).
async fn appended_since(
    log: &dyn LogBackend,
    chain: &str,
    recorded: i64,
    verified: i64,
) -> Result<bool, StoreError> {
    if verified <= recorded {
        return Ok(false);
    }
    let heads = log.chain_heads().await?;
    Ok(heads
        .iter()
        .any(|h| h.chain == chain && h.event_count >= verified))
}
