//! Sign-in throttling through the real HTTP API, on SQLite and on Postgres: a guesser's
//! own address slows down with a doubling wait, failures from elsewhere never lock the
//! owner out of an address they signed in from, and every lock is in the activity log.

mod common;

use common::{Session, TestApp, PASSWORD};
use serde_json::{json, Value};
use std::time::Duration;
use store::{backend_tests, Backend};

const LOGIN: &str = "/api/v1/accounts/login/";
const EMAIL: &str = "ada@books.ng";
/// Where the tests' guesser sits; the owner signed up (and in) from 127.0.0.1.
const ELSEWHERE: &str = "127.0.0.2";

fn attempt(password: &str) -> Value {
    json!({"email": EMAIL, "password": password})
}

async fn wrong_passwords(app: &TestApp, from: &str, times: usize) {
    for n in 0..times {
        let reply = app.post_from(from, LOGIN, attempt("wrong-pass-1")).await;
        assert_eq!(reply.status, 400, "attempt {n} from {from}: {}", reply.body);
    }
}

async fn five_wrong_passwords_make_that_address_wait_thirty_seconds(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.signed_up(EMAIL).await;
    wrong_passwords(&app, ELSEWHERE, 5).await;

    let right = app.post_from(ELSEWHERE, LOGIN, attempt(PASSWORD)).await;

    assert_eq!(right.status, 429, "{}", right.body);
    assert_eq!(right.body["code"], "throttled");
    assert_eq!(
        right.body["detail"],
        "Too many failed sign-in attempts. Wait 30 seconds and try again."
    );
    app.stop().await;
}

async fn the_wait_doubles_with_each_failure_after_it_ends(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.signed_up(EMAIL).await;
    wrong_passwords(&app, ELSEWHERE, 5).await;
    app.clock.advance(Duration::from_secs(31));
    wrong_passwords(&app, ELSEWHERE, 1).await;

    let locked = app.post_from(ELSEWHERE, LOGIN, attempt(PASSWORD)).await;
    assert_eq!(locked.status, 429, "{}", locked.body);
    assert_eq!(
        locked.body["detail"],
        "Too many failed sign-in attempts. Wait 60 seconds and try again."
    );
    app.clock.advance(Duration::from_secs(61));

    let right = app.post_from(ELSEWHERE, LOGIN, attempt(PASSWORD)).await;
    assert_eq!(right.status, 200, "{}", right.body);
    app.stop().await;
}

async fn failures_elsewhere_never_lock_the_owner_out_of_an_address_they_signed_in_from(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    app.signed_up(EMAIL).await;
    // A distributed guess: ten addresses, five failures each, none of them locked alone.
    for n in 10..20 {
        wrong_passwords(&app, &format!("127.0.0.{n}"), 5).await;
    }

    let stranger = app.post_from("127.0.0.99", LOGIN, attempt(PASSWORD)).await;
    let owner = app.post_from("127.0.0.1", LOGIN, attempt(PASSWORD)).await;

    assert_eq!(stranger.status, 429, "{}", stranger.body);
    assert_eq!(owner.status, 200, "{}", owner.body);
    app.stop().await;
}

async fn failures_on_other_accounts_behind_one_address_never_lock_its_known_users_out(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    app.signed_up(EMAIL).await;
    let office = "127.0.0.1";
    // Credential stuffing from the office's shared address, over addresses with no account.
    for n in 0..100 {
        let email = format!("nobody{}@books.ng", n % 20);
        let reply = app
            .post_from(
                office,
                LOGIN,
                json!({"email": email, "password": "wrong-pass-1"}),
            )
            .await;
        assert_eq!(reply.status, 400, "attempt {n}: {}", reply.body);
    }

    let stuffer = app
        .post_from(
            office,
            LOGIN,
            json!({"email": "nobody99@books.ng", "password": "x"}),
        )
        .await;
    let owner = app.post_from(office, LOGIN, attempt(PASSWORD)).await;

    assert_eq!(stuffer.status, 429, "{}", stuffer.body);
    assert_eq!(owner.status, 200, "{}", owner.body);
    app.stop().await;
}

async fn a_completed_sign_in_forgets_the_failures_of_its_address(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.signed_up(EMAIL).await;
    wrong_passwords(&app, ELSEWHERE, 4).await;
    let right = app.post_from(ELSEWHERE, LOGIN, attempt(PASSWORD)).await;
    assert_eq!(right.status, 200, "{}", right.body);

    wrong_passwords(&app, ELSEWHERE, 4).await;
    let again = app.post_from(ELSEWHERE, LOGIN, attempt(PASSWORD)).await;

    assert_eq!(again.status, 200, "{}", again.body);
    app.stop().await;
}

async fn every_lock_is_in_the_accounts_activity_log(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner: Session = app.signed_up(EMAIL).await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    wrong_passwords(&app, ELSEWHERE, 5).await;

    let listed = app
        .read(
            &format!("/api/v1/activity-log/?workspace_id={lagos}&activity_type=sign_in_locked"),
            Some(&owner.access),
        )
        .await;

    assert_eq!(listed.status, 200, "{}", listed.body);
    let rows = listed.body["data"]["data"].as_array().expect("rows");
    assert_eq!(rows.len(), 1, "{}", listed.body);
    assert_eq!(
        rows[0]["description"],
        "Sign-in locked for 30 seconds after 5 failed attempts from 127.0.0.2"
    );
    app.stop().await;
}

backend_tests!(
    five_wrong_passwords_make_that_address_wait_thirty_seconds,
    the_wait_doubles_with_each_failure_after_it_ends,
    failures_elsewhere_never_lock_the_owner_out_of_an_address_they_signed_in_from,
    failures_on_other_accounts_behind_one_address_never_lock_its_known_users_out,
    a_completed_sign_in_forgets_the_failures_of_its_address,
    every_lock_is_in_the_accounts_activity_log,
);
