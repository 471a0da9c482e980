//! TLS for the server and its clients (rustls, with ring for the crypto).
//!
//! A server presents a certificate its operator gives (`--tls-cert`,
//! `--tls-key`, PEM) or one it makes for itself and keeps in its data
//! directory. Clients trust a server the way SSH trusts a host: the first
//! connection shows the certificate's SHA-256 fingerprint and remembers it
//! in a file of known servers; a later certificate that differs is
//! refused, naming both fingerprints and the file. A fingerprint given in
//! advance (`--fingerprint`) is checked instead. The handshake's signature
//! is always verified against the certificate, so a man in the middle
//! cannot present the server's certificate without its key.

use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{ring::default_provider, CryptoProvider};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use rustls::{ClientConfig, DigitallySignedStruct, ServerConfig, SignatureScheme};

/// Why TLS cannot be set up.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// A certificate or key file cannot be read or is not PEM.
    #[error("{file}: {why}")]
    File {
        /// The file.
        file: String,
        /// What is wrong.
        why: String,
    },
    /// rustls refused the configuration.
    #[error("TLS: {0}")]
    Config(String),
}

/// The SHA-256 fingerprint of a DER certificate, as `AB:CD:…`.
pub fn fingerprint(der: &[u8]) -> String {
    let digest = ring::digest::digest(&ring::digest::SHA256, der);
    digest.as_ref().iter().map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(":")
}

/// Normalises a fingerprint typed by a person (any case, with or without colons).
pub fn normalise_fingerprint(text: &str) -> Option<String> {
    let hex: String = text.chars().filter(|c| *c != ':' && !c.is_whitespace()).collect();
    if hex.len() != 64 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let upper = hex.to_ascii_uppercase();
    Some(upper.as_bytes().chunks(2).map(|p| String::from_utf8_lossy(p).into_owned()).collect::<Vec<_>>().join(":"))
}

fn provider() -> Arc<CryptoProvider> {
    Arc::new(default_provider())
}

/// A server's certificate and key, ready to serve.
#[derive(Clone)]
pub struct ServerTls {
    /// The rustls configuration.
    pub config: Arc<ServerConfig>,
    /// The certificate's fingerprint, printed at start so clients can check it.
    pub fingerprint: String,
}

fn file_error(file: &Path, why: impl std::fmt::Display) -> TlsError {
    TlsError::File { file: file.display().to_string(), why: why.to_string() }
}

impl ServerTls {
    /// From PEM files: the certificate chain (end certificate first) and its key.
    pub fn from_pem(cert: &Path, key: &Path) -> Result<ServerTls, TlsError> {
        let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
            .map_err(|e| file_error(cert, e))?
            .collect::<Result<_, _>>()
            .map_err(|e| file_error(cert, e))?;
        if chain.is_empty() {
            return Err(file_error(cert, "no certificate in it (PEM, BEGIN CERTIFICATE)"));
        }
        let key = PrivateKeyDer::from_pem_file(key).map_err(|e| file_error(key, e))?;
        ServerTls::new(chain, key)
    }

    fn new(chain: Vec<CertificateDer<'static>>, key: PrivateKeyDer<'static>) -> Result<ServerTls, TlsError> {
        let fingerprint = fingerprint(&chain[0]);
        let config = ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| TlsError::Config(e.to_string()))?
            .with_no_client_auth()
            .with_single_cert(chain, key)
            .map_err(|e| TlsError::Config(e.to_string()))?;
        Ok(ServerTls { config: Arc::new(config), fingerprint })
    }

    /// The certificate kept in `dir` (`tls-cert.pem`, `tls-key.pem`, the
    /// key private to its owner), made the first time: self-signed for
    /// `names` (host names or addresses clients use).
    pub fn self_signed(dir: &Path, names: &[String]) -> Result<ServerTls, TlsError> {
        let (cert, key) = (dir.join("tls-cert.pem"), dir.join("tls-key.pem"));
        if !cert.exists() || !key.exists() {
            // The data directory of a first start does not exist yet.
            use std::os::unix::fs::DirBuilderExt;
            std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir).map_err(|e| file_error(dir, e))?;
            let mut names = names.to_vec();
            names.push("localhost".into());
            let made = rcgen::generate_simple_self_signed(names).map_err(|e| TlsError::Config(e.to_string()))?;
            write_private(&key, made.key_pair.serialize_pem().as_bytes()).map_err(|e| file_error(&key, e))?;
            std::fs::write(&cert, made.cert.pem()).map_err(|e| file_error(&cert, e))?;
        }
        ServerTls::from_pem(&cert, &key)
    }
}

fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// Where a client remembers the servers it has met: `TABULA_KNOWN_SERVERS`,
/// else `$XDG_DATA_HOME/tabula/known-servers` (`~/.local/share/…`).
pub fn known_servers_file() -> PathBuf {
    if let Some(p) = std::env::var_os("TABULA_KNOWN_SERVERS") {
        return PathBuf::from(p);
    }
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").unwrap_or_else(|| ".".into())).join(".local/share"));
    base.join("tabula/known-servers")
}

/// What a client trusts for one server.
#[derive(Clone, Debug)]
pub enum Trust {
    /// This fingerprint only.
    Pinned(String),
    /// The fingerprint remembered in this file for `server`, or, the first
    /// time, whatever the server presents (then remembered).
    FirstUse {
        /// The known-servers file.
        file: PathBuf,
        /// `host:port` as the user typed it.
        server: String,
    },
}

/// What the verifier saw.
#[derive(Default, Debug)]
struct Seen {
    fingerprint: Option<String>,
    first_use: bool,
}

#[derive(Debug)]
struct Verifier {
    trust: Trust,
    provider: Arc<CryptoProvider>,
    seen: Arc<Mutex<Seen>>,
}

fn remembered(file: &Path, server: &str) -> Option<String> {
    let text = std::fs::read_to_string(file).ok()?;
    text.lines().rev().find_map(|l| {
        let (who, print) = l.split_once(' ')?;
        (who == server).then(|| print.trim().to_string())
    })
}

/// Records `server`'s fingerprint in the known-servers `file`.
pub fn remember(file: &Path, server: &str, print: &str) -> std::io::Result<()> {
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut f = std::fs::OpenOptions::new().append(true).create(true).mode(0o600).open(file)?;
    writeln!(f, "{server} {print}")
}

/// Records `server`'s fingerprint, forgetting any other remembered for it
/// (a window that hosts knows its own server's certificate).
pub fn remember_replacing(file: &Path, server: &str, print: &str) -> std::io::Result<()> {
    let kept: String = std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter(|l| l.split_once(' ').map_or(true, |(who, _)| who != server))
        .map(|l| format!("{l}\n"))
        .collect();
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut f = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(file)?;
    write!(f, "{kept}")?;
    writeln!(f, "{server} {print}")
}

impl ServerCertVerifier for Verifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let print = fingerprint(end_entity);
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        seen.fingerprint = Some(print.clone());
        let expected = match &self.trust {
            Trust::Pinned(p) => Some(p.clone()),
            Trust::FirstUse { file, server } => {
                let known = remembered(file, server);
                seen.first_use = known.is_none();
                known
            }
        };
        match expected {
            Some(e) if e != print => Err(rustls::Error::General(match &self.trust {
                Trust::Pinned(_) => format!("the server's certificate is {print}, not the expected {e}"),
                Trust::FirstUse { file, server } => format!(
                    "the certificate of {server} CHANGED: it was {e}, it is now {print}. Someone may be \
                     intercepting the connection; if the server's operator replaced the certificate, delete \
                     the line for {server} from {}",
                    file.display()
                ),
            })),
            _ => Ok(ServerCertVerified::assertion()),
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.provider.signature_verification_algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.provider.signature_verification_algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.provider.signature_verification_algorithms.supported_schemes()
    }
}

/// A client's TLS session for `host`, and what it will have seen of the
/// certificate once the handshake is done.
pub struct ClientTls {
    config: Arc<ClientConfig>,
    seen: Arc<Mutex<Seen>>,
    trust: Trust,
}

impl ClientTls {
    /// Trusting `trust`.
    pub fn new(trust: Trust) -> Result<ClientTls, TlsError> {
        let provider = provider();
        let seen = Arc::new(Mutex::new(Seen::default()));
        let verifier = Verifier { trust: trust.clone(), provider: Arc::clone(&provider), seen: Arc::clone(&seen) };
        let config = ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| TlsError::Config(e.to_string()))?
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(verifier))
            .with_no_client_auth();
        Ok(ClientTls { config: Arc::new(config), seen, trust })
    }

    /// A session for the server at `host` (name or address).
    pub fn session(&self, host: &str) -> Result<rustls::ClientConnection, TlsError> {
        let name = ServerName::try_from(host.to_string()).map_err(|e| TlsError::Config(format!("{host}: {e}")))?;
        rustls::ClientConnection::new(Arc::clone(&self.config), name).map_err(|e| TlsError::Config(e.to_string()))
    }

    /// After a completed handshake: the fingerprint seen and whether it
    /// was met for the first time (then it is remembered now).
    pub fn accepted(&self) -> (Option<String>, bool) {
        let seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        if let (Trust::FirstUse { file, server }, true, Some(print)) = (&self.trust, seen.first_use, &seen.fingerprint)
        {
            if let Err(e) = remember(file, server, print) {
                eprintln!("tabula: cannot remember the server's certificate in {}: {e}", file.display());
            }
        }
        (seen.fingerprint.clone(), seen.first_use)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprints_are_typed_any_way_and_remembered_per_server() {
        let print = fingerprint(b"certificate");
        assert_eq!(print.len(), 95);
        assert_eq!(normalise_fingerprint(&print.replace(':', "").to_lowercase()), Some(print.clone()));
        assert_eq!(normalise_fingerprint("ab:cd"), None);
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("known");
        assert_eq!(remembered(&file, "h:1"), None);
        remember(&file, "h:1", &print).unwrap();
        remember(&file, "h:2", "other").unwrap();
        assert_eq!(remembered(&file, "h:1"), Some(print));
        assert_eq!(remembered(&file, "h:2").as_deref(), Some("other"));
    }

    #[test]
    fn a_self_signed_certificate_is_made_once_with_a_private_key() {
        use std::os::unix::fs::PermissionsExt;
        let parent = tempfile::tempdir().unwrap();
        // A first start: the data directory does not exist yet.
        let dir = parent.path().join("data");
        let a = ServerTls::self_signed(&dir, &["example.org".into()]).unwrap();
        let b = ServerTls::self_signed(&dir, &[]).unwrap();
        assert_eq!(a.fingerprint, b.fingerprint, "kept, not made again");
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&dir.join("tls-key.pem")), 0o600);
        assert_eq!(mode(&dir), 0o700);
    }
}
