"""A struct-of-arrays particle update: positions and velocities in separate
arrays per coordinate; each thread moves one particle for `dt` under
gravity and bounces it off the floor at z = 0."""

from cudapy import device


@device.func
def bounce(z, vz):
    if z < 0.0:
        return -z, -vz * 0.5
    return z, vz


@device.kernel
def step(x, y, z, vx, vy, vz, dt):
    i = device.tid(1)
    if i < len(x):
        vz_new = vz[i] - 9.81 * dt
        x[i] += vx[i] * dt
        y[i] += vy[i] * dt
        z_new = z[i] + vz_new * dt
        z[i], vz[i] = bounce(z_new, vz_new)


def run(x, y, z, vx, vy, vz, dt, stream=None):
    device.launch(step, x, y, z, vx, vy, vz, dt, grid=(len(x) + 255) // 256, block=256,
                  stream=stream)
