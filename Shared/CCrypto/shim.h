// OpenSSL's libcrypto as Swift sees it: SHA-256, HMAC-SHA-256 and AES-128-CBC, through its one
// adapter, the Cryptography module (Shared/Cryptography), which the SDK and the mock share.
#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif
