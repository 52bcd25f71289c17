"""The sparse PyTorch twin: the same maths as twin.py, in the same form as the tfjs model.

What the tfjs model does (src/core/policy/model.ts, inputs.ts, sparse.ts), written the way a PyTorch
user would write it:

  ctx = relu(embedding_bag(x, W_enc, per-sample weights 1/sqrt(n)) + b_enc)        [R, D]
  h   = relu(embedding_bag([f | e_r], [W_dec; ctx]) + b_dec)                        [N, D]
  h2  = relu(h W_hid + b_hid)                                                        [N, D]
  z   = h2 W_out + b_out, then one index_add of g = h2 [W_look | W_gate] into z:
        z[n, v] += g[n, j] for every lookahead entry (n, j, v) and copy entry (n, J + k, v)
  log pi = log_softmax(z / tau + allowedBias)                                        [N, V]

N counts decisions, packed: no padding to the longest response. What tfjs keeps between steps is
kept here too (each prompt's encoder bag, each decision's features, gated keys and allowed tokens:
SparseRows, SparseSampling); what tfjs builds in every step is built here in every step too: the
update's index tensors (SparseRows.batch, as policyUpdate builds its decision batch) and the
sampling step's inputs (SparseSampling.inputs, as TurnSession.logits does), then the forward,
backward and Adam step. The `prebuilt` forms reuse inputs built once: a diagnostic of how much of a
step that building is, not a fair peer.
"""
import math

import numpy as np
import torch
import torch.nn.functional as F


def _long(v):
    return torch.tensor(v, dtype=torch.long)


class SparseBatch:
    """Index tensors of a mini-batch: bags with offsets, gated entries, packed decisions (SparseRows.batch builds it)."""

    def __init__(self, **fields):
        self.__dict__.update(fields)

    def allowed_bias(self):
        """0 on allowed tokens, -1e9 elsewhere [N, V]."""
        bias = torch.zeros(self.N, self.V)
        bias[self.block_rows] = -1e9
        bias[self.allow] = 0.0
        bias[self.pad_rows, 0] = -1e9
        return bias


def allowed_keys(look, copy, allowed, V, J):
    """A decision's gated keys [[token...], [gate...]]: its lookahead entries j*V + v and its prompt's copy
    entries k*V + v, only at its allowed tokens (every token but <pad> when `allowed` is None), as inputs.ts
    builds M: the logits of other tokens are never read and get no gradient."""
    keep = set(range(1, V)) if allowed is None else set(allowed)
    look = [f for f in look if f % V in keep]
    copy = [f for f in copy if f % V in keep]
    return [[f % V for f in look] + [f % V for f in copy], [f // V for f in look] + [J + f // V for f in copy]]


class SparseRows:
    """A mini-batch's rows as the twin keeps them between update steps, the way tfjs keeps them: each prompt's
    encoder bag and each decision's features, gated keys (its lookahead and its prompt's copy entries at its allowed
    tokens) and allowed tokens as arrays, with their lengths. `batch()` assembles the SparseBatch from them, as policyUpdate builds its
    decision batch in every step: concatenations and index arithmetic, no Python loop over the entries (NumPy
    concatenates thousands of small arrays several times faster than torch.cat, so the kept pieces are NumPy's)."""

    def __init__(self, dims, rows):
        V, J = dims["vocabSize"], dims["lookaheadKinds"]
        self.V, self.G = V, J + dims["copyKinds"]
        self.F = 2 * V + dims["maxPositions"]
        self.R = len(rows)
        i64 = lambda v: np.asarray(v, dtype=np.int64)  # noqa: E731
        self.enc = [i64(row["encoder"]) for row in rows]
        self.enc_len = torch.tensor([len(row["encoder"]) for row in rows])
        self.enc_scale = torch.tensor([1 / math.sqrt(len(row["encoder"])) for row in rows], dtype=torch.float32)
        self.feats, self.keys, self.allowed, self.row_of = [], [], [], []
        self.chosen, self.old, self.ref, self.adv = [], [], [], []
        for r, row in enumerate(rows):
            for d in row["decisions"]:
                self.feats.append(i64(d["features"]))
                self.keys.append(i64(allowed_keys(d["lookahead"], row["copy"], d["allowed"], V, J)))
                self.allowed.append(None if d["allowed"] is None else i64(d["allowed"]))
                self.row_of.append(r)
                self.chosen.append(d["token"])
                self.old.append(d["oldLogProb"])
                self.ref.append(d["refLogProb"])
                self.adv.append(row["advantage"])
        self.dec_len = torch.tensor([len(f) + 1 for f in self.feats])  # the features, then the context's column
        self.key_len = torch.tensor([k.shape[1] for k in self.keys])
        self.targets = [row["valueTarget"] for row in rows]

    def batch(self):
        """This step's SparseBatch, assembled from the kept rows."""
        N = len(self.feats)
        cat = lambda arrays, axis=0: torch.from_numpy(np.concatenate(arrays, axis))  # noqa: E731
        row_of = _long(self.row_of)
        ends = torch.cumsum(self.dec_len, 0)
        is_ctx = torch.zeros(int(ends[-1]), dtype=torch.bool)
        is_ctx[ends - 1] = True
        dec_i = torch.empty(int(ends[-1]), dtype=torch.long)
        dec_i[is_ctx] = self.F + row_of
        dec_i[~is_ctx] = cat(self.feats)
        gated = cat(self.keys, 1) + torch.repeat_interleave(torch.arange(N), self.key_len) * _long([[self.V], [self.G]])
        blocked = [i for i, a in enumerate(self.allowed) if a is not None]
        allowed = [self.allowed[i] for i in blocked]
        block_rows = _long(blocked)
        return SparseBatch(
            V=self.V, F=self.F, R=self.R, N=N,
            enc=(cat(self.enc), torch.cumsum(self.enc_len, 0) - self.enc_len, torch.repeat_interleave(self.enc_scale, self.enc_len)),
            dec=(dec_i, ends - self.dec_len),
            gated=(gated[0], gated[1]),
            allow=(torch.repeat_interleave(block_rows, torch.tensor([len(a) for a in allowed])), cat(allowed)),
            block_rows=block_rows,
            pad_rows=_long([i for i, a in enumerate(self.allowed) if a is None]),
            chosen=_long(self.chosen),
            old=torch.tensor(self.old, dtype=torch.float32),
            ref=torch.tensor(self.ref, dtype=torch.float32),
            adv=torch.tensor(self.adv, dtype=torch.float32),
            row_of=row_of,
            targets=torch.tensor(self.targets, dtype=torch.float32),
            mask=torch.ones(N),  # packed: every decision is real
        )


def context(w, enc, name="enc"):
    """relu(x W + b) through an embedding bag with per-sample weights 1/sqrt(n) [R, D]."""
    idx, off, wt = enc
    return torch.relu(F.embedding_bag(idx, w[f"{name}W"], off, mode="sum", per_sample_weights=wt) + w[f"{name}B"])


def decoder_logits(w, ctx, dec, gated, n, V):
    """z [n, V] of n decisions: embedding bag over [W_dec; ctx], two dense layers, one index_add."""
    return decoder_logits_from(w, torch.cat([w["decW"], ctx], 0), gate_weights(w), dec, gated, n, V)


def gate_weights(w):
    """[W_look | W_gate] [D, G] (model.ts gateWeights)."""
    return torch.cat([w["lookW"], w["gateW"]], 1)


def decoder_logits_from(w, table, gate_w, dec, gated, n, V):
    """decoder_logits with the decoder table [W_dec; ctx] and [W_look | W_gate] given (built once per turn)."""
    h = torch.relu(F.embedding_bag(dec[0], table, dec[1], mode="sum") + w["decB"])  # [n, D]
    h2 = torch.relu(torch.addmm(w["hidB"], h, w["hidW"]))  # [n, D]
    z = torch.addmm(w["outB"], h2, w["outW"])  # [n, V]
    g = (h2 @ gate_w).reshape(-1)  # [n*G]
    return z.reshape(-1).index_add(0, gated[0], g[gated[1]]).view(n, V)  # + lookahead and copy terms


def forward(w, b, tau):
    """log pi(a) [N], H [N] and ctx of the packed decisions at temperature tau."""
    ctx = context(w, b.enc)
    z = decoder_logits(w, ctx, b.dec, b.gated, b.N, b.V)
    logp = torch.log_softmax((z if tau == 1 else z / tau) + b.allowed_bias(), -1)
    log_prob = logp.gather(-1, b.chosen.unsqueeze(-1)).squeeze(-1)
    entropy = -(logp.exp() * logp).sum(-1)
    return log_prob, entropy


def values(w, b):
    """V(s) [R] through the critic's own encoder (embedding bag)."""
    return (context(w, b.enc, "crit") @ w["valW"] + w["valB"]).view(-1)


class SparseSampling:
    """One batched decoding step (TurnSession.logits), with the structure TurnSession has: per turn, the
    contexts, the decoder table [W_dec; ctx] and [W_look | W_gate] are built once; per step, the decision
    inputs are built from that step's features (decoderEntries: the features and the context's column;
    gatedEntries: each row's lookahead and copy keys, placed at the row's offsets). Each row's merged
    (token, gate) keys are kept between steps, as inputs.ts keeps them per lookahead list and per prompt
    (in this bench every step has the same features, so tfjs finds them kept too)."""

    def __init__(self, w, dims, inputs):
        V, J = dims["vocabSize"], dims["lookaheadKinds"]
        G = J + dims["copyKinds"]
        enc_i, enc_off, enc_w = [], [], []
        self.keys = []  # per row: its lookahead and copy entries, token over gate [2, entries]
        for s in inputs:
            enc_off.append(len(enc_i))
            enc_i += s["encoder"]
            enc_w += [1 / math.sqrt(len(s["encoder"]))] * len(s["encoder"])
            self.keys.append(_long(allowed_keys(s["lookahead"], s["copy"], s.get("allowed"), V, J)))
        self.lengths = [k.shape[1] for k in self.keys]
        self.rows = torch.arange(len(inputs))
        self.scale = _long([[V], [G]])  # entry (token v, gate j) of row r: M's row r*V + v, column r*G + j
        self.features = [list(s["features"]) for s in inputs]
        self.w, self.n, self.V, self.G = w, len(inputs), V, G
        self.width = 2 * V + dims["maxPositions"]
        with torch.no_grad():
            ctx = context(w, (_long(enc_i), _long(enc_off), torch.tensor(enc_w, dtype=torch.float32)))
            self.table = torch.cat([w["decW"], ctx], 0)  # per turn, as TurnSession's table
            self.gate_w = gate_weights(w)  # per turn, as TurnSession's gateW
        self.prebuilt = self.inputs()  # the prebuilt diagnostic: one step's inputs, built once

    def inputs(self):
        """This step's decision inputs, as TurnSession.logits builds them from the step's features."""
        dec_i, dec_off = [], []
        for r, feats in enumerate(self.features):  # the decoder features and the context's column
            dec_off.append(len(dec_i))
            dec_i += feats
            dec_i.append(self.width + r)
        row = torch.repeat_interleave(self.rows, torch.tensor(self.lengths), output_size=sum(self.lengths))
        gated = torch.cat(self.keys, 1) + row * self.scale  # [2, entries]: destination, source
        return (_long(dec_i), _long(dec_off)), (gated[0], gated[1])

    def step(self, prebuilt=False):
        """Logits [n*V], read back. `prebuilt`: with inputs built once, less work than TurnSession.logits does."""
        with torch.no_grad():
            dec, gated = self.prebuilt if prebuilt else self.inputs()
            z = decoder_logits_from(self.w, self.table, self.gate_w, dec, gated, self.n, self.V)
            return z.numpy().reshape(-1).copy()
