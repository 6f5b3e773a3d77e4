/*===- Cache.c - cudapy's on-disk compile cache ---------------------------===*\
|*                                                                            *|
|* See include/cudapy-c/Cache.h. One file per entry, `KEY.entry`:             *|
|*   "CUDAPYC1" | key length (u32) | 0 (u32) | payload size (u64) |           *|
|*   checksum (u64, FNV-1a over the key and the payload) | key | payload      *|
|* written as `.KEY.PID.N.NS` and renamed into place. Use is the file's       *|
|* modification time, which a hit refreshes.                                  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE

#include "cudapy-c/Cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char kMagic[8] = {'C', 'U', 'D', 'A', 'P', 'Y', 'C', '1'};
enum { kHeaderSize = 8 + 4 + 4 + 8 + 8 };
static const char kSuffix[] = ".entry";
/// Default cap: 1 GiB.
static const uint64_t kDefaultMaxBytes = (uint64_t)1 << 30;
/// Temporary files older than this are a crashed writer's: removed.
static const time_t kStaleSeconds = 3600;

static bool isOff(const char *value) {
  return value && (!strcmp(value, "0") || !strcmp(value, "off") ||
                   !strcmp(value, "no") || !strcmp(value, "false") ||
                   !strcmp(value, "OFF") || !strcmp(value, "False"));
}

bool cudapyCacheEnabled(void) { return !isOff(getenv("CUDAPY_CACHE")); }

size_t cudapyCacheGetDirectory(char *buffer, size_t size) {
  const char *configured = getenv("CUDAPY_CACHE_DIR");
  const char *xdg = getenv("XDG_CACHE_HOME");
  const char *home = getenv("HOME");
  char homeBuffer[1024];
  if (!home || !*home) {
    struct passwd entry, *found = NULL;
    if (!getpwuid_r(getuid(), &entry, homeBuffer, sizeof(homeBuffer), &found) &&
        found)
      home = found->pw_dir;
    else
      home = "/tmp";
  }
  int length;
  char empty[1];
  if (!buffer || size == 0) {
    buffer = empty;
    size = 1;
  }
  if (configured && *configured)
    length = snprintf(buffer, size, "%s", configured);
  else if (xdg && *xdg)
    length = snprintf(buffer, size, "%s/cudapy", xdg);
  else
    length = snprintf(buffer, size, "%s/.cache/cudapy", home);
  return length < 0 ? 0 : (size_t)length;
}

bool cudapyCacheIsValidKey(const char *key) {
  if (!key || !*key || key[0] == '.')
    return false;
  size_t n = 0;
  for (; key[n]; ++n) {
    char c = key[n];
    if (n >= CUDAPY_CACHE_MAX_KEY ||
        !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
          (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.'))
      return false;
  }
  return true;
}

static uint64_t fnv1a(uint64_t hash, const void *data, size_t size) {
  const unsigned char *bytes = data;
  for (size_t i = 0; i < size; ++i) {
    hash ^= bytes[i];
    hash *= 0x100000001b3ull;
  }
  return hash;
}

static uint64_t checksum(const char *key, size_t keyLength, const void *data,
                         size_t size) {
  return fnv1a(fnv1a(0xcbf29ce484222325ull, key, keyLength), data, size);
}

/// The folder into `dir` (PATH_MAX bytes); false when it does not fit.
static bool getDirectory(char *dir, size_t size) {
  size_t length = cudapyCacheGetDirectory(dir, size);
  return length > 0 && length < size;
}

/// `dir/name` into `path`; false when it does not fit.
static bool joinPath(char *path, size_t size, const char *dir,
                     const char *name) {
  int length = snprintf(path, size, "%s/%s", dir, name);
  return length > 0 && (size_t)length < size;
}

enum { kPathSize = 4096 };

bool cudapyCacheLoad(const char *key, void **data, size_t *size) {
  if (data)
    *data = NULL;
  if (size)
    *size = 0;
  if (!data || !size || !cudapyCacheEnabled() || !cudapyCacheIsValidKey(key))
    return false;
  char dir[kPathSize], name[CUDAPY_CACHE_MAX_KEY + sizeof(kSuffix)],
      path[kPathSize];
  snprintf(name, sizeof(name), "%s%s", key, kSuffix);
  if (!getDirectory(dir, sizeof(dir)) ||
      !joinPath(path, sizeof(path), dir, name))
    return false;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  struct stat status;
  unsigned char *buffer = NULL;
  bool corrupt = false;
  size_t keyLength = strlen(key);
  if (fstat(fd, &status) || !S_ISREG(status.st_mode))
    goto done;
  corrupt = true;
  size_t fileSize = (size_t)status.st_size;
  if ((off_t)fileSize != status.st_size || fileSize < kHeaderSize + keyLength)
    goto done;
  buffer = malloc(fileSize ? fileSize : 1);
  if (!buffer) {
    corrupt = false;
    goto done;
  }
  for (size_t done = 0; done < fileSize;) {
    ssize_t got = read(fd, buffer + done, fileSize - done);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      goto done;
    done += (size_t)got;
  }
  uint32_t storedKeyLength;
  uint64_t payloadSize, storedChecksum;
  memcpy(&storedKeyLength, buffer + 8, 4);
  memcpy(&payloadSize, buffer + 16, 8);
  memcpy(&storedChecksum, buffer + 24, 8);
  const char *storedKey = (const char *)buffer + kHeaderSize;
  const unsigned char *payload = buffer + kHeaderSize + keyLength;
  if (memcmp(buffer, kMagic, sizeof(kMagic)) || storedKeyLength != keyLength ||
      memcmp(storedKey, key, keyLength) ||
      payloadSize != fileSize - kHeaderSize - keyLength ||
      checksum(key, keyLength, payload, (size_t)payloadSize) != storedChecksum)
    goto done;
  corrupt = false;
  // The payload moves to the start of the buffer, which the caller frees.
  memmove(buffer, payload, (size_t)payloadSize);
  *data = buffer;
  *size = (size_t)payloadSize;
  buffer = NULL;
  // Marks the entry used, for the eviction order.
  (void)futimens(fd, NULL);
done:
  if (corrupt) {
    // Removed only if it is still the file read: another process may have
    // renamed a whole entry into place meanwhile.
    struct stat now;
    if (!stat(path, &now) && now.st_ino == status.st_ino &&
        now.st_dev == status.st_dev)
      (void)unlink(path);
  }
  free(buffer);
  close(fd);
  return *data != NULL;
}

void cudapyCacheFree(void *data) { free(data); }

static uint64_t getMaxBytes(void) {
  const char *text = getenv("CUDAPY_CACHE_MAX_BYTES");
  if (!text || !*text)
    return kDefaultMaxBytes;
  char *end = NULL;
  errno = 0;
  unsigned long long value = strtoull(text, &end, 10);
  uint64_t scale = 1;
  if (end && (*end == 'K' || *end == 'k'))
    scale = (uint64_t)1 << 10;
  else if (end && (*end == 'M' || *end == 'm'))
    scale = (uint64_t)1 << 20;
  else if (end && (*end == 'G' || *end == 'g'))
    scale = (uint64_t)1 << 30;
  if (scale != 1)
    ++end;
  if (errno || end == text || *end || text[0] == '-' ||
      value > UINT64_MAX / scale)
    return kDefaultMaxBytes;
  return (uint64_t)value * scale;
}

static bool hasSuffix(const char *name, const char *suffix) {
  size_t n = strlen(name), m = strlen(suffix);
  return n > m && !strcmp(name + n - m, suffix);
}

typedef struct Entry {
  char name[256];
  uint64_t bytes;
  struct timespec used;
} Entry;

static int compareUse(const void *a, const void *b) {
  const Entry *x = a, *y = b;
  if (x->used.tv_sec != y->used.tv_sec)
    return x->used.tv_sec < y->used.tv_sec ? -1 : 1;
  if (x->used.tv_nsec != y->used.tv_nsec)
    return x->used.tv_nsec < y->used.tv_nsec ? -1 : 1;
  return strcmp(x->name, y->name);
}

/// Scans the folder: whole entries into `*entries` (when not null; the
/// caller frees it) and their count and bytes into `info`. With
/// `removeAll`, removes every entry and temporary file instead; else only
/// stale temporary files. False when the folder cannot be read or
/// something could not be removed.
static bool scan(const char *dir, Entry **entries, CudapyCacheInfo *info,
                 bool removeAll) {
  info->entries = info->bytes = 0;
  if (entries)
    *entries = NULL;
  DIR *folder = opendir(dir);
  if (!folder)
    return errno == ENOENT;
  size_t capacity = 0;
  bool ok = true;
  time_t now = time(NULL);
  for (struct dirent *item; (item = readdir(folder));) {
    const char *name = item->d_name;
    bool entry = name[0] != '.' && hasSuffix(name, kSuffix);
    bool temporary = name[0] == '.' && strcmp(name, ".") && strcmp(name, "..");
    if (!entry && !temporary)
      continue;
    char path[kPathSize];
    struct stat status;
    if (!joinPath(path, sizeof(path), dir, name) || lstat(path, &status) ||
        !S_ISREG(status.st_mode))
      continue;
    if (removeAll || (temporary && now - status.st_mtime > kStaleSeconds)) {
      if (unlink(path) && errno != ENOENT)
        ok = false;
      continue;
    }
    if (!entry)
      continue;
    info->entries += 1;
    info->bytes += (uint64_t)status.st_size;
    if (!entries || strlen(name) >= sizeof((*entries)->name))
      continue;
    if (info->entries > capacity) {
      size_t grown = capacity ? 2 * capacity : 64;
      Entry *more = realloc(*entries, grown * sizeof(Entry));
      if (!more) {
        ok = false;
        break;
      }
      *entries = more;
      capacity = grown;
    }
    Entry *slot = &(*entries)[info->entries - 1];
    strcpy(slot->name, name);
    slot->bytes = (uint64_t)status.st_size;
    slot->used = status.st_mtim;
  }
  closedir(folder);
  return ok;
}

/// Removes the least recently used entries while the cache is over its
/// cap, down to three quarters of it (so that the next stores do not each
/// evict).
static void evict(const char *dir) {
  uint64_t maxBytes = getMaxBytes();
  Entry *entries = NULL;
  CudapyCacheInfo info;
  if (!scan(dir, &entries, &info, false) || info.bytes <= maxBytes) {
    free(entries);
    return;
  }
  qsort(entries, (size_t)info.entries, sizeof(Entry), compareUse);
  uint64_t bytes = info.bytes, target = maxBytes / 4 * 3;
  for (uint64_t i = 0; i < info.entries && bytes > target; ++i) {
    char path[kPathSize];
    if (joinPath(path, sizeof(path), dir, entries[i].name) && !unlink(path))
      bytes -= entries[i].bytes;
  }
  free(entries);
}

/// Creates `dir` and its parents.
static bool makeDirectories(char *dir) {
  for (char *slash = dir + 1;; ++slash) {
    if (*slash != '/' && *slash)
      continue;
    char kept = *slash;
    *slash = '\0';
    int failed = mkdir(dir, 0777) && errno != EEXIST;
    *slash = kept;
    if (failed)
      return false;
    if (!kept)
      return true;
  }
}

static bool writeAll(int fd, const void *data, size_t size) {
  const unsigned char *bytes = data;
  while (size) {
    ssize_t wrote = write(fd, bytes, size);
    if (wrote < 0 && errno == EINTR)
      continue;
    if (wrote <= 0)
      return false;
    bytes += wrote;
    size -= (size_t)wrote;
  }
  return true;
}

bool cudapyCacheStore(const char *key, const void *data, size_t size) {
  if (!cudapyCacheEnabled() || !cudapyCacheIsValidKey(key) || (!data && size))
    return false;
  char dir[kPathSize], name[CUDAPY_CACHE_MAX_KEY + sizeof(kSuffix)],
      path[kPathSize], temporary[kPathSize];
  snprintf(name, sizeof(name), "%s%s", key, kSuffix);
  if (!getDirectory(dir, sizeof(dir)) ||
      !joinPath(path, sizeof(path), dir, name) || !makeDirectories(dir))
    return false;
  // A name no other writer uses (this process's id and a counter), made
  // with the usual file mode (mkstemp's would be private).
  static unsigned long counter;
  int fd = -1;
  for (int attempt = 0; fd < 0 && attempt < 8; ++attempt) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    int length = snprintf(temporary, sizeof(temporary), "%s/.%s.%ld.%lu.%ld",
                          dir, key, (long)getpid(),
                          __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED),
                          (long)now.tv_nsec);
    if (length < 0 || (size_t)length >= sizeof(temporary))
      return false;
    fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST)
      return false;
  }
  if (fd < 0)
    return false;
  size_t keyLength = strlen(key);
  unsigned char header[kHeaderSize];
  uint32_t keyLength32 = (uint32_t)keyLength, reserved = 0;
  uint64_t payloadSize = size,
           sum = checksum(key, keyLength, data ? data : "", size);
  memcpy(header, kMagic, 8);
  memcpy(header + 8, &keyLength32, 4);
  memcpy(header + 12, &reserved, 4);
  memcpy(header + 16, &payloadSize, 8);
  memcpy(header + 24, &sum, 8);
  bool ok = writeAll(fd, header, sizeof(header)) &&
            writeAll(fd, key, keyLength) && (!size || writeAll(fd, data, size));
  if (close(fd))
    ok = false;
  if (!ok || rename(temporary, path)) {
    (void)unlink(temporary);
    return false;
  }
  evict(dir);
  return true;
}

bool cudapyCacheGetInfo(CudapyCacheInfo *info) {
  if (!info)
    return false;
  char dir[kPathSize];
  info->entries = info->bytes = 0;
  info->maxBytes = getMaxBytes();
  if (!getDirectory(dir, sizeof(dir)))
    return false;
  uint64_t maxBytes = info->maxBytes;
  bool ok = scan(dir, NULL, info, false);
  info->maxBytes = maxBytes;
  return ok;
}

bool cudapyCacheClear(void) {
  char dir[kPathSize];
  CudapyCacheInfo info;
  return getDirectory(dir, sizeof(dir)) && scan(dir, NULL, &info, true);
}
