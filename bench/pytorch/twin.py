"""PyTorch twins of Rollout Lab's default policy and one update mini-batch (the bench's peer).

The same maths as src/core/policy/model.ts, batch.ts and src/core/loss, in two forms:

- sparse (twin_sparse.py, THE PEER): the form the tfjs model runs in: embedding bags, one index_add
  for the copy + lookahead terms, packed decisions. This is what the speed ratio is taken against.
- dense (this file, a diagnostic row): every step rebuilds dense inputs with index_put, spreads the
  copy and lookahead terms densely and pads every response to the longest (P):

  ctx  = relu(x W_enc + b_enc)                 x: encoder multi-hot / sqrt(n)   [R, H] -> [R, D]
  h    = relu(f W_dec + ctx + b_dec)            f: decoder multi-hot             [R*P, F] -> [R, P, D]
  h2   = relu(h W_hid + b_hid)                                                    [R*P, D]
  z    = h2 W_out + b_out + sum_k (h2 W_gate)_k C_k + sum_j (h2 W_look)_j L_j     [R, P, V]

Both: log pi = log_softmax(z / tau + allowedBias);
  loss = token-mean dual-clip PPO surrogate - entropyCoef * token-mean(H) + klCoef * token-mean(k3)
         (+ valueCoef * mean((V - target)^2) when the estimator trains a critic)
  one torch.optim.Adam step (betas 0.9/0.999, eps 1e-7) from the Adam state tfjs had.

Usage: twin.py check FILE   numerical check of both forms against what tfjs wrote into FILE (exit 1 on a mismatch)
       twin.py serve FILE   the checks, then timing commands on stdin ("update sparse", "sample dense", ...,
                            "quit"; the form defaults to sparse), one reply line each (milliseconds).
"""
import json
import math
import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import torch  # noqa: E402

import twin_sparse  # noqa: E402  (beside this file)

torch.set_num_threads(1)
FORMS = ("sparse", "dense")  # the peer first; dense is a diagnostic row
NAMES = ["encW", "encB", "decW", "decB", "hidW", "hidB", "outW", "outB", "gateW", "lookW", "valW", "valB", "critW", "critB"]
TOL = 1e-5  # relative tolerance on logits, gradients and Adam moments (max |diff| / max |value|); ~1e-6 expected
LOSS_TOL = 1e-6  # absolute, on the loss
ULPS = 8  # the weights after the Adam step, in float32 units in the last place


def blas_in_use():
    """The BLAS/LAPACK shared objects this process mapped (resolved through update-alternatives)."""
    found = set()
    with open("/proc/self/maps") as maps:
        for line in maps:
            path = line.split()[-1] if "/" in line else ""
            if "blas" in path or "lapack" in path:
                found.add(os.path.realpath(path))
    return sorted(found)


class Batch:
    """Dense tensors of a mini-batch, rebuilt per step from flat sparse coordinates (as batch.ts)."""

    def __init__(self, dims, rows):
        self.V, self.H = dims["vocabSize"], dims["hashBuckets"]
        self.K, self.J = dims["copyKinds"], dims["lookaheadKinds"]
        self.F = 2 * self.V + dims["maxPositions"]
        self.R, self.P = len(rows), max(1, max(len(r["decisions"]) for r in rows))
        R, P, V = self.R, self.P, self.V
        enc_r, enc_c, enc_v, copy_r, copy_c, dec_r, dec_c, look_r, look_c = [], [], [], [], [], [], [], [], []
        allow_r, allow_c, block_rows = [], [], []
        chosen, mask = torch.zeros(R, P, dtype=torch.long), torch.zeros(R, P)
        old, ref, adv = torch.zeros(R, P), torch.zeros(R, P), torch.zeros(R, P)
        for r, row in enumerate(rows):
            n = len(row["encoder"])
            enc_r += [r] * n
            enc_c += row["encoder"]
            enc_v += [1 / math.sqrt(n)] * n
            copy_r += [r] * len(row["copy"])
            copy_c += row["copy"]
            for k, d in enumerate(row["decisions"]):
                q = r * P + k
                dec_r += [q] * len(d["features"])
                dec_c += d["features"]
                look_r += [q] * len(d["lookahead"])
                look_c += d["lookahead"]
                if d["allowed"] is None:
                    allow_r.append(q)
                    allow_c.append(-1)  # only <pad> (id 0) is blocked
                else:
                    block_rows.append(q)
                    allow_r += [q] * len(d["allowed"])
                    allow_c += d["allowed"]
                chosen[r, k], mask[r, k] = d["token"], 1
                old[r, k], ref[r, k], adv[r, k] = d["oldLogProb"], d["refLogProb"], row["advantage"]
        L = lambda v, dtype=torch.long: torch.tensor(v, dtype=dtype)  # noqa: E731  (empty lists stay integer)
        self.enc = (L(enc_r), L(enc_c), L(enc_v, torch.float32))
        self.copy_i, self.dec_i, self.look_i = (L(copy_r), L(copy_c)), (L(dec_r), L(dec_c)), (L(look_r), L(look_c))
        pad_rows = [q for q, c in zip(allow_r, allow_c) if c < 0]
        self.pad_rows = L(pad_rows)
        self.block_rows = L(block_rows)
        keep = [(q, c) for q, c in zip(allow_r, allow_c) if c >= 0]
        self.allow_i = (L([q for q, _ in keep]), L([c for _, c in keep]))
        self.chosen, self.mask, self.old, self.ref, self.adv = chosen, mask, old, ref, adv
        self.targets = L([row["valueTarget"] for row in rows], torch.float32)

    def dense(self):
        """x [R, H], dec [R*P, F], copy [R, K, V], look [R*P, J*V], allowedBias [R, P, V] (repeats add)."""
        R, P, V = self.R, self.P, self.V
        x = torch.zeros(R, self.H).index_put_(self.enc[:2], self.enc[2])
        ones = lambda idx: torch.ones(idx[0].shape[0])  # noqa: E731
        dec = torch.zeros(R * P, self.F).index_put_(self.dec_i, ones(self.dec_i), accumulate=True)
        copy = torch.zeros(R, self.K * V).index_put_(self.copy_i, ones(self.copy_i), accumulate=True)
        look = torch.zeros(R * P, self.J * V).index_put_(self.look_i, ones(self.look_i), accumulate=True)
        bias = torch.zeros(R * P, V)
        bias[self.block_rows] = -1e9
        bias[self.allow_i] = 0.0
        bias[self.pad_rows, 0] = -1e9
        return x, dec, copy.view(R, self.K, V), look, bias.view(R, P, V)


def logits_of(w, ctx, dec, copy, look, P, J):
    """z [R, P, V] (model.ts logitsOf)."""
    R, D = ctx.shape
    V = copy.shape[2]
    h = torch.relu((dec @ w["decW"]).view(R, P, D) + ctx.unsqueeze(1) + w["decB"])
    h2 = torch.relu(h.view(R * P, D) @ w["hidW"] + w["hidB"])
    base = h2 @ w["outW"] + w["outB"]
    look_term = torch.bmm((h2 @ w["lookW"]).unsqueeze(1), look.view(R * P, J, V)).squeeze(1)  # sum_j g_j L_j
    copy_term = ((h2 @ w["gateW"]).view(R, P, -1, 1) * copy.unsqueeze(1)).sum(2)  # sum_k g_k C_k
    return (base + look_term).view(R, P, V) + copy_term


def dense_forward(w, b, tau):
    """log pi(a) [R, P], H [R, P] of the padded decisions (dense inputs rebuilt per step)."""
    x, dec, copy, look, bias = b.dense()
    ctx = torch.relu(x @ w["encW"] + w["encB"])
    z = logits_of(w, ctx, dec, copy, look, b.P, b.J)
    logp = torch.log_softmax((z if tau == 1 else z / tau) + bias, -1)
    log_prob = logp.gather(-1, b.chosen.unsqueeze(-1)).squeeze(-1)  # [R, P]
    entropy = -(logp.exp() * logp).sum(-1)
    return log_prob, entropy


def dense_values(w, b):
    x = torch.zeros(b.R, b.H).index_put_(b.enc[:2], b.enc[2])
    return (torch.relu(x @ w["critW"] + w["critB"]) @ w["valW"] + w["valB"]).view(-1)


def actor_loss(w, b, upd, form="dense"):
    """loss and metrics of one mini-batch (update.ts step + src/core/loss); b a Batch or SparseBatch."""
    cfg, tau = upd["loss"], upd["temperature"]
    log_prob, entropy = (dense_forward if form == "dense" else twin_sparse.forward)(w, b, tau)
    m = b.mask
    tmean = lambda t: (t * m).sum() / (m.sum() + 1e-8)  # noqa: E731  token-mean (verl masked_mean)
    adv = b.adv
    log_ratio = log_prob - b.old
    ratio = log_ratio.exp()
    neg_adv = -adv
    unclipped = neg_adv * ratio
    clipped = neg_adv * ratio.clamp(1 - cfg["clipLow"], 1 + cfg["clipHigh"])
    pess = torch.maximum(unclipped, clipped)
    dual = neg_adv * cfg["clipRatioC"]
    loss_mat = torch.where(adv < 0, torch.minimum(pess, dual), pess)
    assert cfg["aggMode"] == "token-mean" and cfg["klType"] in ("k3", "low_var_kl"), "the twin covers the default loss"
    pg = tmean(loss_mat)
    d = -(log_prob - b.ref)
    kl = tmean((d.exp() - d - 1).clamp(-10, 10))
    ent = tmean(entropy)
    loss = pg
    if cfg["entropyCoef"] != 0:
        loss = loss - cfg["entropyCoef"] * ent
    if cfg["klCoef"] != 0:
        loss = loss + cfg["klCoef"] * kl
    value_loss = torch.zeros(())
    if upd["valueCoef"] > 0:
        v = (dense_values if form == "dense" else twin_sparse.values)(w, b)
        value_loss = ((v - b.targets) ** 2).mean()
        loss = loss + upd["valueCoef"] * value_loss
    with torch.no_grad():
        metrics = {
            "loss": loss.item(), "pgLoss": pg.item(), "kl": kl.item(), "entropy": ent.item(),
            "clipFraction": tmean((clipped > unclipped).float()).item(),
            "clipFractionLower": tmean(((pess > dual) & (adv < 0)).float()).item(),
            "approxKl": tmean(-log_ratio).item(), "valueLoss": value_loss.item(),
        }
    return loss, metrics


class Twin:
    """The weights, Adam state, mini-batch and sampling step of one form: "sparse" (the peer) or "dense"."""

    def __init__(self, peer, form):
        self.peer, self.form = peer, form
        self.dims = peer["dims"]
        self.w = {n: torch.tensor(peer["weights"][n]["data"], dtype=torch.float32).view(peer["weights"][n]["shape"]).requires_grad_() for n in NAMES}
        # sparse: the rows kept as tfjs keeps them, the batch assembled from them in every step (as policyUpdate does)
        self.rows = None if form == "dense" else twin_sparse.SparseRows(self.dims, peer["rows"])
        self.batch = Batch(self.dims, peer["rows"]) if form == "dense" else self.rows.batch()
        a = peer["adam"]
        self.opt = torch.optim.Adam([self.w[n] for n in NAMES], lr=peer["config"]["lr"], betas=(a["beta1"], a["beta2"]), eps=a["epsilon"])
        for mo in a["moments"]:
            name, kind = mo["name"].split("/")[-2:]
            p = self.w[name]
            st = self.opt.state[p]
            st.setdefault("step", torch.tensor(float(a["iterations"])))
            st["exp_avg" if kind == "m" else "exp_avg_sq"] = torch.tensor(mo["data"], dtype=torch.float32).view(p.shape)
        inputs = peer["sampling"]["inputs"]
        self.s_n = len(inputs)
        if form == "dense":
            self._sampling_setup(inputs)
        else:
            self.sparse_sampling = twin_sparse.SparseSampling(self.w, self.dims, inputs)

    def update(self, prebuilt=False):
        """One mini-batch step: (sparse: assemble the batch from the kept rows; dense: rebuild dense inputs,) forward,
        backward, Adam. Returns the metrics. `prebuilt` (sparse only, a diagnostic): reuse the batch built at start."""
        self.opt.zero_grad(set_to_none=True)
        batch = self.rows.batch() if self.rows is not None and not prebuilt else self.batch
        loss, metrics = actor_loss(self.w, batch, self.peer["update"], self.form)
        loss.backward()
        self.opt.step()
        return metrics

    def _sampling_setup(self, inputs):
        V, H, J = self.dims["vocabSize"], self.dims["hashBuckets"], self.dims["lookaheadKinds"]
        n = len(inputs)
        x = torch.zeros(n, H)
        copy = torch.zeros(n, self.dims["copyKinds"] * V)
        dec_r, dec_c, look_r, look_c = [], [], [], []
        for r, s in enumerate(inputs):
            x[r, s["encoder"]] = 1 / math.sqrt(len(s["encoder"]))
            for c in s["copy"]:
                copy[r, c] += 1
            dec_r += [r] * len(s["features"])
            dec_c += s["features"]
            look_r += [r] * len(s["lookahead"])
            look_c += s["lookahead"]
        with torch.no_grad():
            self.s_ctx = torch.relu(x @ self.w["encW"] + self.w["encB"])  # TurnSession keeps ctx per turn
        self.s_copy = copy.view(n, -1, V)
        idx = lambda v: torch.tensor(v, dtype=torch.long)  # noqa: E731
        self.s_dec = (idx(dec_r), idx(dec_c))
        self.s_look = (idx(look_r), idx(look_c))
        self.s_n, self.s_F, self.s_JV, self.s_J = n, 2 * V + self.dims["maxPositions"], J * V, J

    def sample_step(self, prebuilt=False):
        """One batched decoding step (TurnSession.logits): decision features, logits, read back.
        `prebuilt` (sparse form only, a diagnostic): the step's inputs built once, not per step."""
        if self.form == "sparse":
            return self.sparse_sampling.step(prebuilt)
        n = self.s_n
        with torch.no_grad():
            dec = torch.zeros(n, self.s_F).index_put_(self.s_dec, torch.ones(self.s_dec[0].shape[0]), accumulate=True)
            look = torch.zeros(n, self.s_JV).index_put_(self.s_look, torch.ones(self.s_look[0].shape[0]), accumulate=True)
            return logits_of(self.w, self.s_ctx, dec, self.s_copy, look, 1, self.s_J).numpy().reshape(-1).copy()


def rel(a, b):
    """max |a - b| / max |b| (and the absolute max)."""
    diff = (a - b).abs().max().item()
    scale = b.abs().max().item()
    return diff / scale if scale > 0 else diff, diff


def sampled_logits(peer):
    """Flat indices r*V + v of each sampling row's allowed tokens (every token but <pad> for a row of None):
    TurnSession gives the other logits without their copy and lookahead terms, as nothing reads them."""
    V = peer["dims"]["vocabSize"]
    out = []
    for r, s in enumerate(peer["sampling"]["inputs"]):
        out += [r * V + v for v in (range(1, V) if s.get("allowed") is None else s["allowed"])]
    return torch.tensor(out, dtype=torch.long)


def check(peer, twin, out):
    res = peer["result"]
    worst = 0.0
    logits = torch.tensor(twin.sample_step())
    read = sampled_logits(peer)  # the logits the sampler reads: each row's allowed tokens
    r, d = rel(logits[read], torch.tensor(peer["sampling"]["logits"])[read])
    worst = max(worst, r)
    out(f"sampling logits ({twin.s_n} prompts): max |diff| {d:.3g}, relative {r:.3g}")
    twin.opt.zero_grad(set_to_none=True)
    loss, metrics = actor_loss(twin.w, twin.batch, peer["update"], twin.form)
    loss.backward()
    for k in ("loss", "pgLoss", "kl", "entropy", "clipFraction", "approxKl"):
        out(f"  {k:<13} tfjs {res['metrics'][k]: .9g}  pytorch {metrics[k]: .9g}  |diff| {abs(res['metrics'][k] - metrics[k]):.3g}")
    loss_diff = abs(res["metrics"]["loss"] - metrics["loss"])
    if loss_diff > LOSS_TOL:
        worst = max(worst, 1.0)
    parts = []
    gmax = 0.0
    for n in NAMES:
        g = twin.w[n].grad
        tg = res["grads"].get(n)
        if (g is None) != (tg is None):
            out(f"  gradient of {n}: present in {'tfjs' if tg is not None else 'pytorch'} only")
            worst = max(worst, 1.0)
            continue
        if g is None:
            continue
        rr, dd = rel(g.reshape(-1), torch.tensor(tg))
        gmax = max(gmax, dd)
        worst = max(worst, rr)
        parts.append(f"{n} {rr:.2g}")
    out(f"gradients, max |diff| / max |grad| per weight: {', '.join(parts)} (max |diff| {gmax:.3g})")
    twin.opt.step()
    moment_worst = 0.0
    for mo in res["momentsAfter"]:
        name, kind = mo["name"].split("/")[-2:]
        mine = twin.opt.state[twin.w[name]]["exp_avg" if kind == "m" else "exp_avg_sq"]
        moment_worst = max(moment_worst, rel(mine.reshape(-1), torch.tensor(mo["data"]))[0])
    worst = max(worst, moment_worst)
    ulps, wdiff, lr = 0.0, 0.0, twin.peer["config"]["lr"]
    for n in NAMES:
        after = torch.tensor(res["weightsAfter"][n]["data"]).view(twin.w[n].shape)
        before = torch.tensor(peer["weights"][n]["data"]).view(twin.w[n].shape)
        # one float32 ulp of the weight (within a factor 2), floored at TOL·lr for weights near 0
        spacing = torch.maximum(torch.maximum(after.abs(), before.abs()) * 2.0 ** -23, torch.tensor(TOL * lr))
        ulps = max(ulps, ((twin.w[n].detach() - after).abs() / spacing).max().item())
        wdiff = max(wdiff, (twin.w[n].detach() - after).abs().max().item())
    ulps_ok = ulps <= ULPS
    out(f"Adam step: moments max |diff| / max |moment| {moment_worst:.3g}; weights after the step differ by at most {wdiff:.3g}, {ulps:.2g} float32 ulps (floor {TOL:g}·lr)")
    if not ulps_ok:
        worst = max(worst, 1.0)
    ok = worst <= TOL
    out(f"numerical check: |diff loss| {loss_diff:.3g} (tol {LOSS_TOL:g}), worst relative difference {worst:.3g} (tol {TOL:g}), weights {ulps:.2g} ulps (tol {ULPS}): {'ok' if ok else 'MISMATCH'}")
    return ok, worst


PRODUCT_DATA = {}


def time_products(sizes, d, v, g):
    """Milliseconds for the matrix products of one update step (model.ts forward, gradients.ts
    backward) on chunks of `sizes` decisions, random data, written as a PyTorch user would: the
    transposed operands are views (the BLAS reads them transposed, no copy)."""
    key = (tuple(sizes), d, v, g)
    if key not in PRODUCT_DATA:
        gen = torch.Generator().manual_seed(1)
        r = lambda *shape: torch.randn(*shape, generator=gen)  # noqa: E731
        PRODUCT_DATA[key] = [
            dict(h=r(n, d), h2=r(n, d), dz=r(n, v), dg=r(n, g), dp=r(n, d), hid=r(d, d), hb=r(d), out=r(d, v), ob=r(v), gate=r(d, g))
            for n in sizes
        ]
    t0 = time.perf_counter()
    with torch.no_grad():
        for x in PRODUCT_DATA[key]:
            torch.relu(torch.addmm(x["hb"], x["h"], x["hid"]))
            x["h2"] @ x["gate"]
            torch.addmm(x["ob"], x["h2"], x["out"])
            x["dz"] @ x["out"].t()
            x["dg"] @ x["gate"].t()
            x["dp"] @ x["hid"].t()
            x["h2"].t() @ x["dg"]
            x["h"].t() @ x["dp"]
            x["h2"].t() @ x["dz"]
    return (time.perf_counter() - t0) * 1000


def main():
    mode, path = sys.argv[1], sys.argv[2]
    with open(path) as f:
        peer = json.load(f)
    out = lambda s: print(s, flush=True)  # noqa: E731
    twins = {form: Twin(peer, form) for form in FORMS}
    out(f"pytorch {torch.__version__}, {torch.get_num_threads()} thread(s), BLAS: {', '.join(blas_in_use()) or 'none mapped'}")
    dense, sparse = twins["dense"].batch, twins["sparse"].batch
    out(f"mini-batch: {dense.R} responses, {sparse.N} decisions (packed; {dense.R} x {dense.P} = {dense.R * dense.P} positions padded) of iteration {peer['config']['iteration']}'s {peer['config']['iterationRows']}")
    verdict = {}
    for form in FORMS:
        out(f"{form} twin{' (the peer)' if form == 'sparse' else ' (diagnostic)'}:")
        ok, worst = check(peer, twins[form], lambda s: out(f"  {s}"))
        verdict[form] = {"check": ok, "worst": worst}
    ok = all(v["check"] for v in verdict.values())
    out(json.dumps({"check": ok, "worst": max(v["worst"] for v in verdict.values()), "forms": verdict}))
    if mode == "check":
        sys.exit(0 if ok else 1)
    for line in sys.stdin:
        cmd, _, form = line.strip().partition(" ")
        if cmd == "quit":
            break
        if cmd == "gemm":  # "gemm N1,N2 D V G": the update's matrix products alone (peer.ts gemmStep)
            sizes, d, v, g = form.split(" ")
            out(f"{time_products([int(n) for n in sizes.split(',')], int(d), int(v), int(g)):.3f}")
            continue
        form, _, count = form.partition(" ")  # "sample sparse 20": 20 steps in a row, the mean per step
        steps = int(count) if count else 1
        twin = twins.get(form or "sparse")
        prebuilt = cmd.endswith("-prebuilt")
        if twin is None or cmd.removesuffix("-prebuilt") not in ("update", "sample") or (prebuilt and form != "sparse"):
            out(f"unknown command {line.strip()!r}")
            continue
        t0 = time.perf_counter()
        for _ in range(steps):
            if cmd.startswith("update"):
                twin.update(prebuilt)
            else:
                twin.sample_step(prebuilt)
        out(f"{(time.perf_counter() - t0) * 1000 / steps:.3f}")


if __name__ == "__main__":
    main()
