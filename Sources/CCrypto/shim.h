#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H
// The low-level SHA-256 calls are marked deprecated in OpenSSL 3 in favour of EVP, but EVP's
// one-shot looks the algorithm up (taking locks) on every call; bucketing hashes once or twice
// per record per client, so the direct calls are used. They use the CPU's SHA instructions.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <stddef.h>
#include <openssl/sha.h>

static inline void ccrypto_sha256(const void *data, size_t count, unsigned char digest[32]) {
    SHA256_CTX context;
    SHA256_Init(&context);
    SHA256_Update(&context, data, count);
    SHA256_Final(digest, &context);
}
#endif
