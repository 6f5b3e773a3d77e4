"""Where the Python package finds cudapy's shared libraries
(libcudapy-c.so, the compiler; libcudapy-runtime.so, the runtime).

In order:
1. $CUDAPY_LIBRARY_PATH: a folder, or a library file (used as the library
   whose name it starts with; for the others, its folder);
2. the libraries a wheel installed with the package (`cudapy/_lib`, listed
   in `cudapy/_lib/index.json`; see docs/CAPI.md);
3. a build tree next to the source package (`<repo>/build/lib`);
4. an install prefix around an installed package (`<prefix>/python/cudapy`
   next to `<prefix>/lib`);
5. the system loader's search path (an installed cudapy, LD_LIBRARY_PATH).

Only stdlib: importing this loads nothing.
"""

import ctypes
import json
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
_BUNDLED = os.path.join(_HERE, "_lib")


def _bundled(name):
    """The file a wheel installed for the library `name`, or None."""
    try:
        with open(os.path.join(_BUNDLED, "index.json")) as handle:
            stored = json.load(handle).get(name)
    except (OSError, ValueError):
        return None
    return os.path.join(_BUNDLED, stored) if stored else None


def candidates(name):
    """The places to try for the library `name`, in order: paths (which may
    not exist) and, last, the bare name for the system loader."""
    configured = os.environ.get("CUDAPY_LIBRARY_PATH")
    if configured:
        if os.path.isdir(configured):
            yield os.path.join(configured, name)
        elif os.path.basename(configured).startswith(name):
            yield configured
        else:
            yield os.path.join(os.path.dirname(configured), name)
    bundled = _bundled(name)
    if bundled:
        yield bundled
    yield os.path.join(_HERE, "..", "..", "build", "lib", name)
    yield os.path.join(_HERE, "..", "..", "lib", name)
    yield name


def find(name):
    """The first existing file among the candidates for `name`, or None (the
    library may still be on the system loader's path)."""
    for path in candidates(name):
        if os.sep in path and os.path.exists(path):
            return os.path.normpath(path)
    return None


def load(name, who):
    """ctypes.CDLL of the first candidate for `name` that loads, and its
    path; ImportError naming `who` and every failure otherwise."""
    errors = []
    for path in candidates(name):
        if os.sep in path and not os.path.exists(path):
            continue
        try:
            return ctypes.CDLL(path), os.path.normpath(path) if os.sep in path else path
        except OSError as error:
            errors.append(str(error))
    raise ImportError("%s: cannot load %s (set CUDAPY_LIBRARY_PATH): %s"
                      % (who, name, "; ".join(errors) or "not found"))
