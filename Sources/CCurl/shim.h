#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
// libcurl, opened with dlopen the first time something is fetched, not linked: linking it (with
// its TLS, Kerberos and LDAP libraries) cost every start of `flags` about 10 ms, and most starts
// never fetch. Only the types and constants come from <curl/curl.h>; the functions are reached
// through `ccurl_api`, and curl's variadic ones through typed wrappers Swift can call.
#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>

typedef struct {
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} ccurl_api;

/// Opens libcurl and fills `api`; returns 0, or -1 with dlerror()'s text in `*error`.
static inline int ccurl_load(ccurl_api *api, const char **error) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) { *error = dlerror(); return -1; }
    CURLcode (*global_init)(long) = (CURLcode (*)(long))dlsym(library, "curl_global_init");
    api->easy_init = (CURL *(*)(void))dlsym(library, "curl_easy_init");
    api->easy_setopt = (CURLcode (*)(CURL *, CURLoption, ...))dlsym(library, "curl_easy_setopt");
    api->easy_perform = (CURLcode (*)(CURL *))dlsym(library, "curl_easy_perform");
    api->easy_getinfo = (CURLcode (*)(CURL *, CURLINFO, ...))dlsym(library, "curl_easy_getinfo");
    api->easy_cleanup = (void (*)(CURL *))dlsym(library, "curl_easy_cleanup");
    api->easy_strerror = (const char *(*)(CURLcode))dlsym(library, "curl_easy_strerror");
    api->slist_append = (struct curl_slist *(*)(struct curl_slist *, const char *))dlsym(library, "curl_slist_append");
    api->slist_free_all = (void (*)(struct curl_slist *))dlsym(library, "curl_slist_free_all");
    if (!global_init || !api->easy_init || !api->easy_setopt || !api->easy_perform || !api->easy_getinfo
        || !api->easy_cleanup || !api->easy_strerror || !api->slist_append || !api->slist_free_all) {
        *error = "libcurl.so.4 lacks a curl_easy function";
        return -1;
    }
    if (global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) { *error = "curl_global_init failed"; return -1; }
    return 0;
}

static inline CURLcode ccurl_setopt_long(const ccurl_api *api, CURL *handle, CURLoption option, long value) {
    return api->easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_pointer(const ccurl_api *api, CURL *handle, CURLoption option, const void *value) {
    return api->easy_setopt(handle, option, value);
}
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
static inline CURLcode ccurl_setopt_callback(const ccurl_api *api, CURL *handle, CURLoption option, ccurl_data_callback value) {
    return api->easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_off(const ccurl_api *api, CURL *handle, CURLoption option, curl_off_t value) {
    return api->easy_setopt(handle, option, value);
}
/// CURLOPT_XFERINFOFUNCTION's callback: `downloaded` counts the bytes as they came off the wire
/// (before any decompression); a non-zero return aborts the transfer.
typedef int (*ccurl_progress_callback)(void *context, curl_off_t expected, curl_off_t downloaded, curl_off_t toUpload, curl_off_t uploaded);
static inline CURLcode ccurl_setopt_progress(const ccurl_api *api, CURL *handle, ccurl_progress_callback value) {
    return api->easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}
static inline CURLcode ccurl_getinfo_long(const ccurl_api *api, CURL *handle, CURLINFO info, long *value) {
    return api->easy_getinfo(handle, info, value);
}
#endif
