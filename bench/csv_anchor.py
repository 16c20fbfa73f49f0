# SPDX-License-Identifier: MIT
# The python3 csv module doing fiolog_aggregate's per-second binning of one fio log
# (FIOLOG_MEAN or FIOLOG_SUM, one file): bench/run's anchor for ingestion speed. It
# prints what bench_ingest prints, so the two results are checked against each other.
import csv
import sys


def main():
    how, path = sys.argv[1], sys.argv[2]
    bins = [{}, {}, {}]          # per ddir: second -> [sum, count]
    last = [None, None, None]    # last timestamp per ddir (windowed rows)
    per_io = False
    with open(path, newline="") as f:
        for row in csv.reader(f, skipinitialspace=True):
            if not row:
                continue
            t, v, d, bs = int(row[0]), float(row[1]), int(row[2]), int(row[3])
            if bs == 0:
                if last[d] == t:
                    continue      # fio's final flush of a partial window
                sec = (t + 500) // 1000
            else:
                sec = (t + 999) // 1000
                per_io = True
            last[d] = t
            b = bins[d].get(sec)
            if b is None:
                bins[d][sec] = [v, 1]
            else:
                b[0] += v
                b[1] += 1
    for d, name in enumerate(("read", "write", "trim")):
        total = 0.0
        for sec in sorted(bins[d]):
            s, n = bins[d][sec]
            total += s if (how == "sum" and per_io) else s / n
        print("%s %d %.6e" % (name, len(bins[d]), total))


if __name__ == "__main__":
    main()
