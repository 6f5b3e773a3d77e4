"""cudapy's PEP 517 build backend: `pip install .` in the repository, with
no network and no build requirements (stdlib only).

The wheel holds the Python package (python-bindings/cudapy) and, when it
can find them, the shared libraries it loads, from an installed cudapy:
- config setting `prefix` (`pip install . -C prefix=DIR`) or $CUDAPY_PREFIX:
  an installed tree (`cmake --install`, or the bundle), DIR/lib;
- else config setting `build-dir` or $CUDAPY_BUILD_DIR, by default the
  repository's `build/`: a configured and built tree, installed first into a
  temporary prefix with `cmake --install` (so the libraries carry the
  install's relative RUNPATH and find each other in the wheel).
Every shared library of that lib folder goes into `cudapy/_lib` once, under
its SONAME link name, and `cudapy/_lib/index.json` maps the names the
package loads to those files (cudapy/_libraries.py reads it). Without
libraries the wheel is pure Python and finds an installed cudapy at run time
($CUDAPY_LIBRARY_PATH or the loader's path).

`pip install -e .` (PEP 660) installs a path file that points at
python-bindings, which then finds `build/lib` as the source tree does.
docs/CAPI.md ("Installing the Python package") has the details.
"""

import base64
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_PACKAGE = os.path.join(_ROOT, "python-bindings", "cudapy")


class BuildError(Exception):
    pass


def _project():
    """pyproject.toml's [project] table, with the version CMakeLists.txt
    sets (the one version of cudapy)."""
    try:
        import tomllib
    except ImportError:
        raise BuildError("cudapy needs Python 3.11 or later (this is %d.%d)"
                         % sys.version_info[:2])
    with open(os.path.join(_ROOT, "pyproject.toml"), "rb") as handle:
        project = dict(tomllib.load(handle)["project"])
    with open(os.path.join(_ROOT, "CMakeLists.txt")) as handle:
        found = re.search(r"set\(CUDAPY_VERSION ([0-9][0-9.]*)\)", handle.read())
    if not found:
        raise BuildError("CMakeLists.txt sets no CUDAPY_VERSION")
    project["version"] = found.group(1)
    return project


def _metadata(project):
    lines = ["Metadata-Version: 2.1", "Name: " + project["name"],
             "Version: " + project["version"], "Summary: " + project["description"],
             "Requires-Python: " + project["requires-python"]]
    license_ = project.get("license")
    if isinstance(license_, dict) and "text" in license_:
        lines.append("License: " + license_["text"])
    return "\n".join(lines) + "\n"


def _setting(settings, key, variable):
    value = (settings or {}).get(key) or os.environ.get(variable)
    return os.path.abspath(value) if value else None


def _library_folder(settings, scratch):
    """The lib folder of an installed cudapy to take the libraries from, or
    None (a pure-Python wheel)."""
    prefix = _setting(settings, "prefix", "CUDAPY_PREFIX")
    if prefix:
        folder = os.path.join(prefix, "lib")
        if not os.path.exists(os.path.join(folder, "libcudapy-c.so")):
            raise BuildError("prefix %s is not an installed cudapy (no lib/libcudapy-c.so)" % prefix)
        return folder
    build = _setting(settings, "build-dir", "CUDAPY_BUILD_DIR")
    explicit = build is not None
    build = build or os.path.join(_ROOT, "build")
    if not os.path.exists(os.path.join(build, "cmake_install.cmake")):
        if explicit:
            raise BuildError("build-dir %s is not a configured cudapy build" % build)
        return None
    if not os.path.exists(os.path.join(build, "lib", "libcudapy-c.so")):
        if explicit:
            raise BuildError("build-dir %s has no lib/libcudapy-c.so: build it first" % build)
        return None
    cmake = shutil.which("cmake")
    if not cmake:
        raise BuildError("installing %s needs cmake on PATH" % build)
    prefix = os.path.join(scratch, "prefix")
    done = subprocess.run([cmake, "--install", build, "--prefix", prefix],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        raise BuildError("cmake --install %s failed:\n%s" % (build, done.stdout))
    return os.path.join(prefix, "lib")


def _shared_libraries(folder):
    """{stored name: real file} for each shared library in `folder`, and
    {unversioned name: stored name}. A library is stored once, under its
    shortest versioned name (the SONAME link: libx.so.0 of libx.so ->
    libx.so.0 -> libx.so.0.1), or its own name if it has no other."""
    groups = {}
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if re.match(r"lib.+\.so(\.[0-9]+)*$", name) and os.path.isfile(path):
            groups.setdefault(os.path.realpath(path), []).append(name)
    files, index = {}, {}
    for real, names in groups.items():
        versioned = [n for n in names if not n.endswith(".so")]
        stored = min(versioned, key=len) if versioned else names[0]
        files[stored] = real
        for name in names:
            if name.endswith(".so"):
                index[name] = stored
    return files, index


class _Wheel:
    """A wheel being written: files with their RECORD lines."""

    def __init__(self, path):
        self.zip = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED)
        self.records = []

    def add(self, name, data, executable=False):
        info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = (0o755 if executable else 0o644) << 16
        self.zip.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
        self.records.append("%s,sha256=%s,%d" % (name, digest.decode(), len(data)))

    def close(self, record):
        self.records.append(record + ",,")
        self.zip.writestr(zipfile.ZipInfo(record, date_time=(2020, 1, 1, 0, 0, 0)),
                          "\n".join(self.records) + "\n")
        self.zip.close()


def _python_files():
    for folder, subfolders, names in os.walk(_PACKAGE):
        subfolders[:] = sorted(s for s in subfolders if s not in ("__pycache__", "_lib"))
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                yield path, os.path.relpath(path, os.path.dirname(_PACKAGE))


def _dist_info(project, tag):
    name = "%s-%s.dist-info" % (project["name"], project["version"])
    wheel = "Wheel-Version: 1.0\nGenerator: cudapy_build\nRoot-Is-Purelib: %s\nTag: %s\n" % (
        "true" if tag.endswith("-any") else "false", tag)
    return name, {"METADATA": _metadata(project), "WHEEL": wheel}


def _platform_tag():
    return re.sub(r"[-.]", "_", sysconfig.get_platform())


def _write_wheel(directory, project, payload, tag):
    """Writes the wheel of `payload` ([(archive name, bytes, executable)])
    and returns its file name."""
    filename = "%s-%s-%s.whl" % (project["name"], project["version"], tag)
    wheel = _Wheel(os.path.join(directory, filename))
    for name, data, executable in payload:
        wheel.add(name, data, executable)
    info, files = _dist_info(project, tag)
    for name, text in files.items():
        wheel.add(info + "/" + name, text.encode())
    wheel.close(info + "/RECORD")
    return filename


# PEP 517 hooks.

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    project = _project()
    payload = []
    for path, name in _python_files():
        with open(path, "rb") as handle:
            payload.append((name, handle.read(), False))
    with tempfile.TemporaryDirectory() as scratch:
        folder = _library_folder(config_settings, scratch)
        if folder is None:
            print("cudapy_build: no cudapy build or prefix found; the wheel is pure Python and "
                  "will use an installed cudapy (CUDAPY_LIBRARY_PATH or the loader's path)")
            return _write_wheel(wheel_directory, project, payload, "py3-none-any")
        files, index = _shared_libraries(folder)
        for stored, real in sorted(files.items()):
            with open(real, "rb") as handle:
                payload.append(("cudapy/_lib/" + stored, handle.read(), True))
        payload.append(("cudapy/_lib/index.json",
                        (json.dumps(index, indent=1, sort_keys=True) + "\n").encode(), False))
        print("cudapy_build: libraries from %s: %s" % (folder, ", ".join(sorted(files))))
        return _write_wheel(wheel_directory, project, payload, "py3-none-" + _platform_tag())


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    project = _project()
    line = os.path.dirname(_PACKAGE) + "\n"
    return _write_wheel(wheel_directory, project,
                        [("cudapy-editable.pth", line.encode(), False)], "py3-none-any")


def build_sdist(sdist_directory, config_settings=None):
    """The Python package's sources, with what builds its wheel (a wheel
    built from it is pure Python unless given a prefix)."""
    project = _project()
    base = "%s-%s" % (project["name"], project["version"])
    filename = base + ".tar.gz"
    paths = ["pyproject.toml", "CMakeLists.txt", "README.md",
             os.path.join("python-bindings", "build-backend", "cudapy_build.py")]
    paths += [os.path.join("python-bindings", name) for _, name in _python_files()]
    info = _metadata(project)
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz",
                      format=tarfile.PAX_FORMAT) as archive:
        for path in paths:
            archive.add(os.path.join(_ROOT, path), arcname=base + "/" + path, recursive=False)
        entry = tarfile.TarInfo(base + "/PKG-INFO")
        entry.size = len(info.encode())
        archive.addfile(entry, io.BytesIO(info.encode()))
    return filename
