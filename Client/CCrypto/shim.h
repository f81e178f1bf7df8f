// OpenSSL's libcrypto as Swift sees it: the SHA-256 digests the downloader records and verifies
// (Client/ExposureDownload/Media/SHA256.swift is its one adapter).
#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H
#include <openssl/evp.h>
#endif
