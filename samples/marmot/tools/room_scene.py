#!/usr/bin/env python3
"""Writes a marmot scene recorded in a reverberant room by pyroomacoustics, an independent simulator,
and measures pyroomacoustics' own direction-of-arrival estimators on it.

The sample's generator (SceneGenerator) computes free-field delays and, at most, a few image sources
of its own; this script lets a simulator we did not write make the recordings: a shoebox room with
walls absorbing for a chosen RT60 (Sabine), image sources to the order the room needs, fractional
delays, 3-D geometry (sources and arrays at different heights), white noise at a chosen SNR. It
writes the scene format the command reads (nodes.csv, mics.csv, node-<id>.wav, truth.csv) and
baselines.csv: for each call and node, the azimuth that pyroomacoustics' SRP-PHAT, MUSIC, NormMUSIC
and TOPS find in the same band, on the window the sample's DOA uses (8192 samples from 50 ms before
the direct sound's arrival) and on a short one (2048 samples from 5 ms before it), given the true
arrival (an oracle the sample's detector does not have).

Neither Python nor pyroomacoustics is needed to build or test the project: the scene this writes
with its defaults is bundled (scenes/room) and the tests read it. To make more:

    python3 -m venv /tmp/pra && /tmp/pra/bin/pip install pyroomacoustics==0.10.1
    /tmp/pra/bin/python samples/marmot/tools/room_scene.py --out /tmp/room --rt60 0.4 --seed 5

Then run the command on it (README, "Reverberant rooms").
"""

import argparse
import csv
import math
import os
import sys
import wave

import numpy as np
import pyroomacoustics as pra


def args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, help="scene directory to write")
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--room", default="14,11,4", help="room size x,y,z in metres")
    p.add_argument("--rt60", type=float, default=0.4, help="reverberation time, seconds (Sabine)")
    p.add_argument("--nodes", type=int, default=3)
    p.add_argument("--calls", type=int, default=3)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--snr", type=float, default=20.0, help="dB, call against noise at the farthest node")
    p.add_argument("--rate", type=int, default=44100, choices=(44100, 48000))
    p.add_argument("--spacing", type=float, default=0.08, help="side of the square 4-microphone array, m")
    p.add_argument("--max-order", type=int, default=-1, help="image-source order; -1: what Sabine needs")
    return p.parse_args()


def call_signal(rate, rng):
    """An alarm-call-like downsweep, 5.5 to 3.5 kHz over 50 ms, its second harmonic 6 dB down; not the
    sample generator's chirp (3 to 5 kHz up, 60 ms)."""
    n = int(0.050 * rate)
    t = np.arange(n) / rate
    f0, f1 = 5500.0 + rng.uniform(-200, 200), 3500.0 + rng.uniform(-200, 200)
    phase = 2 * np.pi * (f0 * t + (f1 - f0) * t * t / (2 * t[-1]))
    env = np.sin(np.pi * np.arange(n) / n) ** 2
    return env * (np.sin(phase) + 0.5 * np.sin(2 * phase))


def main():
    a = args()
    rng = np.random.default_rng(a.seed)
    room_dim = [float(v) for v in a.room.split(",")]
    absorption, order = pra.inverse_sabine(a.rt60, room_dim)
    if a.max_order >= 0:
        order = a.max_order
    fs = a.rate
    os.makedirs(a.out, exist_ok=True)

    # Nodes away from the walls, at table height; headings random; square arrays in the node's frame.
    h = a.spacing / 2
    local = [(h, h), (-h, h), (-h, -h), (h, -h)]
    nodes = []
    while len(nodes) < a.nodes:
        x, y = rng.uniform(2, room_dim[0] - 2), rng.uniform(2, room_dim[1] - 2)
        if all(math.hypot(x - n[1], y - n[2]) > 3 for n in nodes):
            nodes.append(("ABCDEFGH"[len(nodes)], x, y, rng.uniform(0, 360), rng.uniform(1.0, 1.6)))

    # Calls: sources at least 2 m from every node (the plane-wave model's error stays small) and 1 m
    # from the walls, at ground to head height; start times spread so that tails do not overlap.
    calls = []
    gap = (a.seconds - 0.6) / a.calls
    for k in range(a.calls):
        while True:
            x, y = rng.uniform(1, room_dim[0] - 1), rng.uniform(1, room_dim[1] - 1)
            if all(math.hypot(x - n[1], y - n[2]) > 2 for n in nodes):
                break
        t = 0.3 + k * gap + rng.uniform(0, gap * 0.3)
        calls.append((k + 1, t, x, y, rng.uniform(0.3, 1.8), call_signal(fs, rng)))

    frames = int(a.seconds * fs)
    clean = {}
    for node in nodes:
        nid, nx, ny, heading, nz = node
        c, s = math.cos(math.radians(heading)), math.sin(math.radians(heading))
        mics = np.array([[nx + c * mx - s * my for mx, my in local],
                         [ny + s * mx + c * my for mx, my in local],
                         [nz] * 4])
        room = pra.ShoeBox(room_dim, fs=fs, materials=pra.Material(absorption), max_order=order)
        for call in calls:
            room.add_source([call[2], call[3], call[4]], signal=call[5], delay=call[1])
        room.add_microphone_array(mics)
        room.simulate()
        sig = room.mic_array.signals[:, :frames]
        if sig.shape[1] < frames:
            sig = np.pad(sig, ((0, 0), (0, frames - sig.shape[1])))
        clean[nid] = (sig, mics)

    # Noise: one level for every node, so that the farthest node's calls reach the SNR asked.
    def call_power(sig, mics, call):
        d = math.dist((call[2], call[3], call[4]), mics[:, 0])
        start = int((call[1] + d / 343.0) * fs)
        seg = sig[:, start:start + len(call[5])]
        return float(np.mean(seg ** 2))

    weakest = min(call_power(clean[n[0]][0], clean[n[0]][1], call) for n in nodes for call in calls)
    noise_std = math.sqrt(weakest / 10 ** (a.snr / 10))
    peak = max(np.max(np.abs(clean[n[0]][0])) for n in nodes) + 5 * noise_std
    scale = 0.8 * 32767 / peak
    for node in nodes:
        sig = clean[node[0]][0] + rng.normal(0, noise_std, clean[node[0]][0].shape)
        pcm = np.clip(np.round(sig * scale), -32768, 32767).astype("<i2")
        with wave.open(os.path.join(a.out, "node-%s.wav" % node[0]), "wb") as w:
            w.setnchannels(4)
            w.setsampwidth(2)
            w.setframerate(fs)
            w.writeframes(pcm.T.copy().tobytes())

    with open(os.path.join(a.out, "nodes.csv"), "w") as f:
        f.write("node,x_m,y_m,heading_deg\n")
        for n in nodes:
            f.write("%s,%.4f,%.4f,%.4f\n" % (n[0], n[1], n[2], n[3]))
    with open(os.path.join(a.out, "mics.csv"), "w") as f:
        f.write("node,mic,x_m,y_m\n")
        for n in nodes:
            for i, (mx, my) in enumerate(local):
                f.write("%s,%d,%.6f,%.6f\n" % (n[0], i + 1, mx, my))
    with open(os.path.join(a.out, "truth.csv"), "w") as f:
        f.write("# pyroomacoustics %s: seed %d, room %s m, RT60 %.2f s (absorption %.3f, image order %d),"
                " %d nodes at %s m height, calls at %s m height, %.1f dB SNR at the farthest node, %d Hz,"
                " downsweeps 5.5-3.5 kHz of 50 ms with a second harmonic, %.3f m square arrays\n"
                % (pra.__version__, a.seed, a.room, a.rt60, absorption, order, len(nodes),
                   "/".join("%.2f" % n[4] for n in nodes), "/".join("%.2f" % c[4] for c in calls),
                   a.snr, fs, a.spacing))
        f.write("call,t_s,x_m,y_m\n")
        for c in calls:
            f.write("%d,%.6f,%.4f,%.4f\n" % (c[0], c[1], c[2], c[3]))

    # pyroomacoustics' estimators, in the node's frame, given the true arrival, on two windows: the one
    # the sample's DOA uses by default (8192 samples from 50 ms before the direct sound), and a short one
    # that keeps most of the reverberant tail out (2048 samples from 5 ms before it).
    nfft = 256
    freq_range = [2000, 8000]
    methods = ["SRP", "MUSIC", "NormMUSIC", "TOPS"]
    windows = [("", 0.050, 8192), ("_short", 0.005, 2048)]
    columns = [m + w[0] for w in windows for m in methods]
    rows = []
    local_xy = np.array(local).T
    for node in nodes:
        nid, nx, ny, heading, nz = node
        with wave.open(os.path.join(a.out, "node-%s.wav" % nid)) as w:
            sig = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").reshape(-1, 4).T.astype(float)
        for call in calls:
            d = math.dist((call[2], call[3], call[4]), (nx, ny, nz))
            truth = math.degrees(math.atan2(call[3] - ny, call[2] - nx)) - heading
            row = {"call": call[0], "node": nid, "true_az": truth % 360}
            for suffix, lead, length in windows:
                start = max(0, int((call[1] + d / 343.0 - lead) * fs))
                seg = sig[:, start:start + length]
                X = np.array([pra.transform.stft.analysis(ch, nfft, nfft // 2).T for ch in seg])
                for m in methods:
                    doa = pra.doa.algorithms[m](local_xy, fs, nfft, c=343.0, num_src=1)
                    doa.locate_sources(X, freq_range=freq_range)
                    row[m + suffix] = math.degrees(doa.azimuth_recon[0]) % 360
            rows.append(row)
    with open(os.path.join(a.out, "baselines.csv"), "w") as f:
        f.write("# pyroomacoustics %s estimators, nfft %d, band %d-%d Hz; METHOD: 8192 samples from 50 ms before"
                " the true direct-sound arrival, METHOD_short: 2048 samples from 5 ms before it; azimuths in the"
                " node's frame, degrees\n" % (pra.__version__, nfft, freq_range[0], freq_range[1]))
        w = csv.DictWriter(f, ["call", "node", "true_az"] + columns, lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow({k: ("%.2f" % v if isinstance(v, float) else v) for k, v in r.items()})
    for m in columns:
        errs = sorted(abs((r[m] - r["true_az"] + 180) % 360 - 180) for r in rows)
        print("%-15s median %.2f deg, max %.2f deg over %d" % (m, errs[len(errs) // 2], errs[-1], len(errs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
