// The only C the server's TLS module sees of GnuTLS (the TLS library libmicrohttpd serves HTTPS
// with): its X.509 headers, plus wrappers for what Swift cannot spell itself.
#ifndef CGNUTLS_SHIM_H
#define CGNUTLS_SHIM_H
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <gnutls/crypto.h>

/// Frees what GnuTLS allocated into `datum`; `gnutls_free` is a macro over a function pointer.
static inline void cgnutls_free_datum(gnutls_datum_t *datum)
{
    gnutls_free(datum->data);
    datum->size = 0;
}

/// The `bits` argument of key generation that asks for an elliptic curve;
/// GNUTLS_CURVE_TO_BITS is a function-like macro.
static inline unsigned int cgnutls_curve_bits(gnutls_ecc_curve_t curve)
{
    return GNUTLS_CURVE_TO_BITS(curve);
}

/// The extended key usage of a TLS server (id-kp-serverAuth).
static const char *const CGNUTLS_KP_TLS_WWW_SERVER = GNUTLS_KP_TLS_WWW_SERVER;

#endif
