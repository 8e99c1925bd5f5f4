use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use identity::files::blobs::ObjectStoreConfig;
use store::StorageConfig;

/// Where the data lives; every subcommand takes the same options so that
/// `ledgerline events verify --data-dir X` checks what `ledgerline serve --data-dir X` wrote.
#[derive(Debug, Clone, Args)]
pub struct StorageArgs {
    /// Directory for the embedded SQLite database, files and the mail outbox.
    #[arg(
        long,
        env = "LEDGERLINE_DATA_DIR",
        default_value = "./data",
        global = true
    )]
    pub data_dir: PathBuf,
    /// Postgres URL (postgres://…). When unset, the embedded SQLite store under --data-dir is used.
    #[arg(long, env = "DATABASE_URL", global = true)]
    pub database_url: Option<String>,
}

impl StorageArgs {
    pub fn validate(&self) -> Result<StorageConfig, ConfigError> {
        if let Some(url) = &self.database_url {
            if !(url.starts_with("postgres://")
                || url.starts_with("postgresql://")
                || url.starts_with("sqlite:"))
            {
                return Err(ConfigError(
                    "DATABASE_URL must be a postgres:// (or sqlite:) URL".into(),
                ));
            }
        }
        Ok(StorageConfig {
            data_dir: self.data_dir.clone(),
            database_url: self.database_url.clone().filter(|u| !u.is_empty()),
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Role {
    /// API, projectors, and the relay when NATS_URL is set.
    All,
    Api,
    Projector,
    Relay,
}

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    #[arg(long, value_enum, default_value = "all")]
    pub role: Role,
    #[arg(long, env = "LEDGERLINE_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,
    /// The built UI to serve (with SPA fallback).
    #[arg(long, env = "LEDGERLINE_UI_DIR", default_value = "./ui/dist")]
    pub ui_dir: PathBuf,
    /// NATS with JetStream (nats://host:port) for scale-out; unset means single node.
    #[arg(long, env = "NATS_URL")]
    pub nats_url: Option<String>,
    /// The JetStream stream the relay publishes the log to. One stream holds one log: two
    /// installations sharing a NATS server each need their own stream and subject prefix.
    #[arg(long, env = "LEDGERLINE_NATS_STREAM", default_value = relay::DEFAULT_STREAM_NAME)]
    pub nats_stream: String,
    /// First subject token of every relayed event (`<prefix>.<workspace>.<aggregate>.<event>`).
    #[arg(long, env = "LEDGERLINE_NATS_SUBJECT_PREFIX", default_value = relay::DEFAULT_SUBJECT_PREFIX)]
    pub nats_subject_prefix: String,
    /// SMTP server (smtp:// or smtps://); unset means mail goes to <data-dir>/outbox.
    #[arg(long, env = "SMTP_URL")]
    pub smtp_url: Option<String>,
    /// The address users reach the product at, for links in mails; defaults to
    /// http://<bind>.
    #[arg(long, env = "LEDGERLINE_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Development mode: serves the dev-only pages (the mail outbox listing) to clients on
    /// this machine. Off by default; never for a server others can reach.
    #[arg(long, env = "LEDGERLINE_DEV_MODE", default_value_t = false)]
    pub dev_mode: bool,
    /// How long posted entries are gathered into one "entries posted" notification to a
    /// workspace's Admins, in seconds (a digest, not one notification per entry).
    #[arg(long, env = "LEDGERLINE_DIGEST_SECONDS", default_value_t = 600)]
    pub digest_seconds: u64,
    /// Other origins whose pages may call the API (comma-separated, e.g.
    /// `https://books.example.com`). Unset: same-origin only.
    #[arg(long, env = "LEDGERLINE_CORS_ORIGINS", default_value = "")]
    pub cors_origins: String,
    /// Boxed: the bucket's settings would double the size of every CLI command.
    #[command(flatten)]
    pub object_store: Box<ObjectStoreArgs>,
    /// Boxed like the bucket's: the assistant's endpoint, if any.
    #[command(flatten)]
    pub assistant: Box<AssistantArgs>,
    #[command(flatten)]
    pub payments: Box<PaymentArgs>,
}

/// The assistant's optional model endpoint.
#[derive(Debug, Clone, Default, Args)]
pub struct AssistantArgs {
    /// An OpenAI-compatible chat endpoint for the assistant (`https://host/v1`); unset
    /// answers with the built-in engine only, offline.
    #[arg(long, env = "LEDGERLINE_ASSISTANT_URL")]
    pub assistant_url: Option<String>,
    /// The endpoint's API key, if it needs one.
    #[arg(long, env = "LEDGERLINE_ASSISTANT_KEY", hide_env_values = true)]
    pub assistant_key: Option<String>,
    /// The model the endpoint serves (default gpt-4o-mini).
    #[arg(long, env = "LEDGERLINE_ASSISTANT_MODEL")]
    pub assistant_model: Option<String>,
}

impl AssistantArgs {
    fn validate(&self) -> Result<Option<query_api::assistant::model::ModelEndpoint>, ConfigError> {
        match self.assistant_url.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(url) if url.starts_with("http://") || url.starts_with("https://") => {
                Ok(Some(query_api::assistant::model::ModelEndpoint {
                    url: url.to_owned(),
                    key: self.assistant_key.clone().filter(|k| !k.is_empty()),
                    model: self
                        .assistant_model
                        .clone()
                        .filter(|m| !m.trim().is_empty())
                        .unwrap_or_else(|| "gpt-4o-mini".into()),
                }))
            }
            Some(_) => Err(ConfigError(
                "LEDGERLINE_ASSISTANT_URL must start with http:// or https://".into(),
            )),
        }
    }
}

/// The live payment providers' keys; a provider without its key is not offered (the
/// embedded sandbox always is).
#[derive(Debug, Clone, Default, Args)]
pub struct PaymentArgs {
    #[arg(long, env = "PAYSTACK_SECRET_KEY", hide_env_values = true)]
    pub paystack_secret_key: Option<String>,
    #[arg(long, env = "PAYSTACK_BASE_URL", default_value = command_api::payments::providers::config::PAYSTACK_BASE_URL)]
    pub paystack_base_url: String,
    #[arg(long, env = "FLUTTERWAVE_SECRET_KEY", hide_env_values = true)]
    pub flutterwave_secret_key: Option<String>,
    /// The secret hash set on Flutterwave's dashboard, which its webhooks carry.
    #[arg(long, env = "FLUTTERWAVE_SECRET_HASH", hide_env_values = true)]
    pub flutterwave_secret_hash: Option<String>,
    #[arg(long, env = "FLUTTERWAVE_BASE_URL", default_value = command_api::payments::providers::config::FLUTTERWAVE_BASE_URL)]
    pub flutterwave_base_url: String,
}

impl PaymentArgs {
    fn validate(&self) -> command_api::payments::providers::ProviderConfig {
        command_api::payments::providers::ProviderConfig {
            paystack_secret_key: self.paystack_secret_key.clone(),
            paystack_base_url: self.paystack_base_url.clone(),
            flutterwave_secret_key: self.flutterwave_secret_key.clone(),
            flutterwave_secret_hash: self.flutterwave_secret_hash.clone(),
            flutterwave_base_url: self.flutterwave_base_url.clone(),
            ..Default::default()
        }
    }
}

/// Where uploaded documents are kept: the data directory unless a bucket is named.
#[derive(Debug, Clone, Default, Args)]
pub struct ObjectStoreArgs {
    /// An S3-compatible bucket for documents; unset keeps them under <data-dir>/files.
    #[arg(long, env = "LEDGERLINE_S3_BUCKET")]
    pub s3_bucket: Option<String>,
    /// The object store's URL (a local S3-compatible server); unset means AWS.
    #[arg(long, env = "LEDGERLINE_S3_ENDPOINT")]
    pub s3_endpoint: Option<String>,
    #[arg(long, env = "AWS_REGION", default_value = "us-east-1")]
    pub s3_region: String,
    #[arg(long, env = "AWS_ACCESS_KEY_ID", hide_env_values = true)]
    pub s3_access_key_id: Option<String>,
    #[arg(long, env = "AWS_SECRET_ACCESS_KEY", hide_env_values = true)]
    pub s3_secret_access_key: Option<String>,
}

impl ObjectStoreArgs {
    fn validate(&self) -> Result<Option<ObjectStoreConfig>, ConfigError> {
        let Some(bucket) = self.s3_bucket.clone().filter(|b| !b.trim().is_empty()) else {
            return Ok(None);
        };
        let (Some(access_key_id), Some(secret_access_key)) = (
            self.s3_access_key_id.clone(),
            self.s3_secret_access_key.clone(),
        ) else {
            return Err(ConfigError(
                "LEDGERLINE_S3_BUCKET needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY".into(),
            ));
        };
        Ok(Some(ObjectStoreConfig {
            bucket,
            endpoint: self.s3_endpoint.clone().filter(|e| !e.trim().is_empty()),
            region: self.s3_region.clone(),
            access_key_id,
            secret_access_key,
        }))
    }
}

/// Validated serving configuration.
#[derive(Debug, Clone)]
pub struct ServeConfig {
    pub role: Role,
    pub bind: SocketAddr,
    pub ui_dir: PathBuf,
    /// Where and how the log is relayed and other nodes' commits are heard; `None` is a
    /// single node without NATS.
    pub nats: Option<relay::RelayConfig>,
    pub smtp_url: Option<String>,
    /// The base of links in mails, without a trailing slash.
    pub public_url: String,
    /// See [`ServeArgs::digest_seconds`].
    pub digest_window: std::time::Duration,
    /// See [`ServeArgs::dev_mode`].
    pub dev_mode: bool,
    /// See [`ServeArgs::cors_origins`]; empty means same-origin only.
    pub cors_origins: Vec<String>,
    pub storage: StorageConfig,
    /// The commands' clock: the system's, unless a test moves it.
    pub clock: api_core::time::Clock,
    /// The bucket documents are kept in; `None` keeps them in the data directory.
    pub object_store: Option<ObjectStoreConfig>,
    /// The assistant's model endpoint; `None` answers with the built-in engine only.
    pub assistant: Option<query_api::assistant::model::ModelEndpoint>,
    /// The payment providers' keys (the sandbox needs none).
    pub payments: command_api::payments::providers::ProviderConfig,
}

#[derive(Debug, thiserror::Error)]
#[error("configuration error: {0}")]
pub struct ConfigError(pub String);

impl ServeConfig {
    /// Whether the dev-only mail outbox listing is mounted: development mode, with mail
    /// delivered to files.
    pub fn serves_dev_outbox(&self) -> bool {
        self.dev_mode && self.smtp_url.is_none()
    }
}

impl ServeArgs {
    pub fn validate(&self, storage: &StorageArgs) -> Result<ServeConfig, ConfigError> {
        let bind = self.bind.parse().map_err(|_| {
            ConfigError(format!(
                "--bind / LEDGERLINE_BIND must be host:port, got {:?}",
                self.bind
            ))
        })?;
        let nats_url = self.nats_url.clone().filter(|u| !u.is_empty());
        if let Some(url) = &nats_url {
            if !url.starts_with("nats://") && !url.starts_with("tls://") {
                return Err(ConfigError(
                    "NATS_URL must start with nats:// or tls://".into(),
                ));
            }
        }
        let nats = nats_url
            .map(|url| {
                let mut relay = relay::RelayConfig::new(url);
                relay.stream_name = self.nats_stream.clone();
                relay.subject_prefix = self.nats_subject_prefix.clone();
                relay.validate().map(|()| relay)
            })
            .transpose()
            .map_err(|e| ConfigError(e.to_string()))?;
        if self.role == Role::Relay && nats.is_none() {
            return Err(ConfigError("--role relay needs NATS_URL".into()));
        }
        let smtp_url = self.smtp_url.clone().filter(|u| !u.is_empty());
        if let Some(url) = &smtp_url {
            if !url.starts_with("smtp://") && !url.starts_with("smtps://") {
                return Err(ConfigError(
                    "SMTP_URL must start with smtp:// or smtps://".into(),
                ));
            }
        }
        let public_url = match self.public_url.as_deref().map(str::trim) {
            None | Some("") => format!("http://{bind}"),
            Some(url) if url.starts_with("http://") || url.starts_with("https://") => {
                url.trim_end_matches('/').to_owned()
            }
            Some(_) => {
                return Err(ConfigError(
                    "LEDGERLINE_PUBLIC_URL must start with http:// or https://".into(),
                ))
            }
        };
        Ok(ServeConfig {
            role: self.role,
            bind,
            ui_dir: self.ui_dir.clone(),
            nats,
            smtp_url,
            public_url,
            digest_window: std::time::Duration::from_secs(self.digest_seconds),
            dev_mode: self.dev_mode,
            cors_origins: crate::security::parse_origins(&self.cors_origins)
                .map_err(|e| ConfigError(e.to_string()))?,
            clock: api_core::time::Clock::default(),
            storage: storage.validate()?,
            object_store: self.object_store.validate()?,
            assistant: self.assistant.validate()?,
            payments: self.payments.validate(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serve(bind: &str, nats: Option<&str>, role: Role) -> ServeArgs {
        ServeArgs {
            role,
            bind: bind.into(),
            ui_dir: "ui/dist".into(),
            nats_url: nats.map(str::to_owned),
            nats_stream: relay::DEFAULT_STREAM_NAME.into(),
            nats_subject_prefix: relay::DEFAULT_SUBJECT_PREFIX.into(),
            smtp_url: None,
            public_url: None,
            digest_seconds: 600,
            dev_mode: false,
            cors_origins: String::new(),
            object_store: Box::default(),
            assistant: Box::default(),
            payments: Box::default(),
        }
    }

    fn storage(url: Option<&str>) -> StorageArgs {
        StorageArgs {
            data_dir: "./data".into(),
            database_url: url.map(str::to_owned),
        }
    }

    #[test]
    fn an_assistant_endpoint_must_be_a_web_address_and_its_key_stays_hidden() {
        let mut args = serve("127.0.0.1:8080", None, Role::All);
        args.assistant.assistant_url = Some("ftp://models".into());
        assert!(args.validate(&storage(None)).is_err());
        args.assistant.assistant_url = Some("http://127.0.0.1:9999/v1".into());
        args.assistant.assistant_key = Some("secret-key".into());
        let config = args.validate(&storage(None)).expect("valid");
        let endpoint = config.assistant.expect("an endpoint");
        assert_eq!(endpoint.model, "gpt-4o-mini");
        assert!(!format!("{endpoint:?}").contains("secret-key"));
    }

    #[test]
    fn a_bind_address_without_a_port_is_refused_with_a_clear_message() {
        let err = serve("localhost", None, Role::All)
            .validate(&storage(None))
            .expect_err("refused");
        assert!(err.to_string().contains("LEDGERLINE_BIND"), "{err}");
    }

    #[test]
    fn a_database_url_of_another_kind_is_refused() {
        let err = serve("127.0.0.1:0", None, Role::All)
            .validate(&storage(Some("mysql://x")))
            .expect_err("refused");
        assert!(err.to_string().contains("DATABASE_URL"), "{err}");
    }

    #[test]
    fn the_relay_role_needs_nats() {
        assert!(serve("127.0.0.1:0", None, Role::Relay)
            .validate(&storage(None))
            .is_err());
    }

    #[test]
    fn the_relay_publishes_to_the_configured_stream_and_subjects() {
        let mut args = serve("127.0.0.1:0", Some("nats://127.0.0.1:4222"), Role::Relay);
        args.nats_stream = "BOOKS_EU".into();
        args.nats_subject_prefix = "books.eu".into();
        let nats = args
            .validate(&storage(None))
            .expect("valid")
            .nats
            .expect("nats");
        assert_eq!(nats.stream_name, "BOOKS_EU");
        assert_eq!(nats.stream_subjects(), "books.eu.>");
    }

    #[test]
    fn a_stream_name_nats_would_refuse_is_refused_at_start() {
        let mut args = serve("127.0.0.1:0", Some("nats://127.0.0.1:4222"), Role::All);
        args.nats_stream = "LEDGER.EU".into();
        let err = args.validate(&storage(None)).expect_err("refused");
        assert!(err.to_string().contains("stream name"), "{err}");
    }

    #[test]
    fn the_dev_outbox_is_not_served_by_default() {
        let config = serve("127.0.0.1:8080", None, Role::All)
            .validate(&storage(None))
            .expect("valid");
        assert!(!config.dev_mode);
        assert!(!config.serves_dev_outbox());
    }

    #[test]
    fn the_dev_outbox_is_served_only_in_dev_mode_with_mail_to_files() {
        let mut args = serve("127.0.0.1:8080", None, Role::All);
        args.dev_mode = true;
        assert!(args
            .validate(&storage(None))
            .expect("valid")
            .serves_dev_outbox());
        args.smtp_url = Some("smtp://mail.example.com:25".into());
        assert!(!args
            .validate(&storage(None))
            .expect("valid")
            .serves_dev_outbox());
    }

    #[test]
    fn the_embedded_default_needs_no_database_url() {
        let config = serve("127.0.0.1:8080", None, Role::All)
            .validate(&storage(None))
            .expect("valid");
        assert!(config.storage.database_url.is_none());
    }
}
