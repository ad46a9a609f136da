"""The Python peer of `maieutic agreement --input`: the same ratings CSV, the same coefficients.

    python3 agreement_peer.py ratings.csv [--cohen-pair r1,r2]

Reads `item,rater,label,field` with pandas, and per field (in the order fields first appear;
categories = the labels seen, sorted, as the CLI does without --categories):
  - Cohen's kappa of every pair of raters (or only --cohen-pair): statsmodels `to_table` +
    `cohens_kappa` (kappa, std_kappa), items both rated;
  - Fleiss' and Randolph's kappa: statsmodels `fleiss_kappa` (method 'fleiss' / 'randolph') on
    the items every rater rated;
  - Krippendorff's alpha (nominal): the `krippendorff` package when importable; otherwise
    `krippendorff_alpha_numpy` below, the package's own formula (value counts -> coincidence
    matrix -> 1 - sum(o*d) / sum(e*d)) written in numpy;
  - percent agreement and Gwet's AC1: numpy (statsmodels has neither).
Prints one JSON object: {"alphaBy": ..., "seconds": {...}, "fields": [{field, results}]}.
The counts table is built vectorised with numpy (statsmodels' `aggregate_raters` loops in
Python per item, which would make the peer slower than a careful user's script).
"""

import json
import sys
import time

import numpy as np
import pandas as pd
from statsmodels.stats.inter_rater import cohens_kappa, fleiss_kappa, to_table

try:
    import krippendorff  # type: ignore

    ALPHA_BY = "krippendorff package " + getattr(krippendorff, "__version__", "?")
except ImportError:  # not installable here (no network for pip)
    krippendorff = None
    ALPHA_BY = "krippendorff_alpha_numpy (the krippendorff package's formula in numpy; the package is not installed)"


def krippendorff_alpha_numpy(value_counts):
    """Nominal alpha as krippendorff.alpha computes it, from units x values counts."""
    value_counts = value_counts[value_counts.sum(axis=1) > 1].astype(np.float64)
    n_values = value_counts.shape[1]
    pairable = np.maximum(value_counts.sum(axis=1), 2)
    diagonals = value_counts[:, np.newaxis, :] * np.eye(n_values)[np.newaxis, ...]
    unnormalized = value_counts[..., np.newaxis] * value_counts[:, np.newaxis, :] - diagonals
    o = np.divide(unnormalized, (pairable - 1).reshape((-1, 1, 1))).sum(axis=0)
    n_v = o.sum(axis=0)
    e = (np.outer(n_v, n_v) - np.diagflat(n_v)) / (n_v.sum() - 1)
    d = 1.0 - np.eye(n_values)
    return 1.0 - (o * d).sum() / (e * d).sum()


def percent_agreement(counts):
    m = counts.sum(axis=1)
    used = m >= 2
    c = counts[used].astype(np.float64)
    mu = m[used].astype(np.float64)
    return float(((c * (c - 1)).sum(axis=1) / (mu - 1)).sum() / mu.sum())


def gwet_ac1(counts):
    q = counts.shape[1]
    r = counts.sum(axis=1).astype(np.float64)
    rated = r >= 1
    pairable = r >= 2
    c = counts.astype(np.float64)
    pa = ((c[pairable] * (c[pairable] - 1)).sum(axis=1) / (r[pairable] * (r[pairable] - 1))).mean()
    pi = (c[rated] / r[rated][:, None]).mean(axis=0)
    pe = (pi * (1 - pi)).sum() / (q - 1)
    return float((pa - pe) / (1 - pe))


def main(argv):
    path = argv[1]
    pair = None
    if "--cohen-pair" in argv:
        pair = argv[argv.index("--cohen-pair") + 1].split(",")
    seconds = {}
    start = time.perf_counter()
    # only an empty cell is a missing rating (pandas would also read "NA", "null", ... as missing)
    frame = pd.read_csv(path, dtype=str, keep_default_na=False, na_values=[""])
    seconds["read"] = time.perf_counter() - start
    fields = []
    for field, group in frame.groupby("field", sort=False):
        wide = group.pivot(index="item", columns="rater", values="label")
        raters = list(pd.unique(group["rater"]))
        wide = wide[raters]
        categories = sorted(group["label"].dropna().unique())
        k = len(categories)
        codes = np.column_stack([pd.Categorical(wide[rater], categories=categories).codes for rater in raters]).astype(np.int64)
        results = {}
        pairs = [pair] if pair else [(raters[a], raters[b]) for a in range(len(raters)) for b in range(a + 1, len(raters))]
        cohen = []
        for first, second in pairs:
            a = codes[:, raters.index(first)]
            b = codes[:, raters.index(second)]
            both = (a >= 0) & (b >= 0)
            table, _ = to_table(np.column_stack([a[both], b[both]]), bins=k)
            kappa = cohens_kappa(table)
            cohen.append({"raters": [first, second], "kappa": float(kappa.kappa), "se": float(kappa.std_kappa), "n": int(both.sum())})
        results["cohen"] = cohen
        if pair is None:
            present = codes >= 0
            items = np.repeat(np.arange(codes.shape[0]), codes.shape[1])
            flat = codes.ravel()
            keep = flat >= 0
            counts = np.bincount(items[keep] * k + flat[keep], minlength=codes.shape[0] * k).reshape(codes.shape[0], k)
            complete = counts[present.all(axis=1)]
            results["fleiss"] = float(fleiss_kappa(complete, method="fleiss"))
            results["randolph"] = float(fleiss_kappa(complete, method="randolph"))
            if krippendorff is not None:
                data = np.where(present, codes, np.nan).T
                results["krippendorff"] = float(krippendorff.alpha(reliability_data=data, value_domain=list(range(k)), level_of_measurement="nominal"))
            else:
                results["krippendorff"] = float(krippendorff_alpha_numpy(counts))
            results["percent"] = percent_agreement(counts)
            results["gwet"] = gwet_ac1(counts)
        fields.append({"field": field, "results": results})
    seconds["total"] = time.perf_counter() - start
    seconds["statistics"] = seconds["total"] - seconds["read"]
    print(json.dumps({"alphaBy": ALPHA_BY, "seconds": seconds, "fields": fields}))


if __name__ == "__main__":
    main(sys.argv)
