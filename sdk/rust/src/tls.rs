//! TLS over the TCP connection (feature `tls`): rustls on the ring provider, so no C toolchain is needed.

use std::time::Duration;

use tokio::net::TcpStream;

use crate::config::ClientConfig;
use crate::error::{Error, Result};

#[cfg(feature = "tls")]
pub type TlsStream = tokio_rustls::client::TlsStream<TcpStream>;

#[cfg(not(feature = "tls"))]
pub type TlsStream = TcpStream;

#[cfg(not(feature = "tls"))]
pub async fn connect(_config: &ClientConfig, _tcp: TcpStream, _timeout: Duration) -> Result<TlsStream> {
    Err(Error::Tls("this build has no TLS: enable the iggy-sdk feature `tls`".into()))
}

#[cfg(feature = "tls")]
pub async fn connect(config: &ClientConfig, tcp: TcpStream, timeout: Duration) -> Result<TlsStream> {
    use std::sync::Arc;

    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, ServerName};

    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| Error::Tls(e.to_string()))?;
    let tls_config = if config.tls_insecure {
        builder
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(insecure::AcceptAnyCertificate(provider)))
            .with_no_client_auth()
    } else {
        let ca_file = config.tls_ca_file.as_deref().ok_or_else(|| {
            Error::Tls("set tls_ca_file (no system roots are bundled) or tls_insecure for testing".into())
        })?;
        let mut roots = rustls::RootCertStore::empty();
        let certificates = CertificateDer::pem_file_iter(ca_file).map_err(|e| Error::Tls(format!("{ca_file}: {e}")))?;
        for certificate in certificates {
            let certificate = certificate.map_err(|e| Error::Tls(format!("{ca_file}: {e}")))?;
            roots.add(certificate).map_err(|e| Error::Tls(format!("{ca_file}: {e}")))?;
        }
        if roots.is_empty() {
            return Err(Error::Tls(format!("{ca_file}: no certificate in the file")));
        }
        builder.with_root_certificates(roots).with_no_client_auth()
    };
    let domain = config.tls_domain.clone().unwrap_or_else(|| config.host.clone());
    let server_name =
        ServerName::try_from(domain.clone()).map_err(|_| Error::Tls(format!("bad server name {domain:?}")))?;
    let connector = tokio_rustls::TlsConnector::from(Arc::new(tls_config));
    match tokio::time::timeout(timeout, connector.connect(server_name, tcp)).await {
        Err(_) => Err(Error::Timeout { what: "TLS handshake", timeout_ms: timeout.as_millis() as u64 }),
        Ok(Err(error)) => Err(Error::Tls(error.to_string())),
        Ok(Ok(stream)) => Ok(stream),
    }
}

#[cfg(feature = "tls")]
mod insecure {
    //! `tls_insecure`: encryption without authentication, for tests against throw-away certificates only.

    use std::sync::Arc;

    use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
    use rustls::crypto::{verify_tls12_signature, verify_tls13_signature, CryptoProvider};
    use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
    use rustls::{DigitallySignedStruct, SignatureScheme};

    #[derive(Debug)]
    pub struct AcceptAnyCertificate(pub Arc<CryptoProvider>);

    impl ServerCertVerifier for AcceptAnyCertificate {
        fn verify_server_cert(
            &self,
            _end_entity: &CertificateDer<'_>,
            _intermediates: &[CertificateDer<'_>],
            _server_name: &ServerName<'_>,
            _ocsp_response: &[u8],
            _now: UnixTime,
        ) -> Result<ServerCertVerified, rustls::Error> {
            Ok(ServerCertVerified::assertion())
        }

        fn verify_tls12_signature(
            &self,
            message: &[u8],
            cert: &CertificateDer<'_>,
            dss: &DigitallySignedStruct,
        ) -> Result<HandshakeSignatureValid, rustls::Error> {
            verify_tls12_signature(message, cert, dss, &self.0.signature_verification_algorithms)
        }

        fn verify_tls13_signature(
            &self,
            message: &[u8],
            cert: &CertificateDer<'_>,
            dss: &DigitallySignedStruct,
        ) -> Result<HandshakeSignatureValid, rustls::Error> {
            verify_tls13_signature(message, cert, dss, &self.0.signature_verification_algorithms)
        }

        fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
            self.0.signature_verification_algorithms.supported_schemes()
        }
    }
}
