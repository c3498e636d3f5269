#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H
#include <stddef.h>
#include <openssl/sha.h>

// OpenSSL's one-shot SHA-256: it uses the CPU's SHA extensions where present, which matters on
// Nimbus's bucketing path (every client hashes its id with every experiment's namespace).
static inline void ccrypto_sha256(const void *data, size_t count, unsigned char digest[32]) {
    SHA256((const unsigned char *)data, count, digest);
}
#endif
