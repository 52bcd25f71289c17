"""The output layer's products in PyTorch, dense against its sparse forms.

tfjs-wasm's update computes the logits h₂·W_out + b_out at the allowed tokens only (src/core/policy/model.ts
outputAtPairs) and sums dz·W_outᵀ and h₂ᵀ·dz over them (src/core/policy/gradients.ts outputProducts): about 9
of V = 124 per decision. The PyTorch twin (twin.py) keeps all three dense. This prints why: on one thread, for
the update's chunk sizes, PyTorch's dense products against the sparse forms a PyTorch user would reach for
(the logits: gathered rows and a sum; the backward: index_add_ over the pairs, torch.sparse.mm on a COO
tensor, a CSR tensor), each building its sparse operand from the pairs as a training step would.

    python3 bench/pytorch/sparse-output.py [N ...]     (default: 1168 2203, the peer mini-batch's chunks)
"""
import sys
import time
import warnings

import torch

V, D, ALLOWED, REPEATS = 124, 128, 9, 50


def operands(n, gen):
    decision = torch.arange(n).repeat_interleave(ALLOWED)
    token = torch.stack([torch.randperm(V - 1, generator=gen)[:ALLOWED].sort().values + 1 for _ in range(n)]).reshape(-1)
    g = torch.randn(decision.shape[0], generator=gen)
    dz = torch.zeros(n, V)
    dz[decision, token] = g
    return dict(decision=decision, token=token, g=g, dz=dz, w=torch.randn(D, V, generator=gen), h2=torch.randn(n, D, generator=gen), b=torch.randn(V, generator=gen))


def logits_dense(x):
    return torch.addmm(x["b"], x["h2"], x["w"])


def logits_gathered(x):
    return (x["h2"][x["decision"]] * x["w"].t()[x["token"]]).sum(1) + x["b"][x["token"]]


def dense(x):
    return x["dz"] @ x["w"].t(), x["h2"].t() @ x["dz"]


def index_add(x):
    n = x["h2"].shape[0]
    dh2 = torch.zeros(n, D).index_add_(0, x["decision"], x["g"][:, None] * x["w"].t()[x["token"]])
    dw = torch.zeros(V, D).index_add_(0, x["token"], x["g"][:, None] * x["h2"][x["decision"]])
    return dh2, dw.t()


def coo(x):
    s = torch.sparse_coo_tensor(torch.stack([x["decision"], x["token"]]), x["g"], x["dz"].shape)
    return torch.sparse.mm(s, x["w"].t()), torch.sparse.mm(s.t(), x["h2"]).t()


def csr(x):
    n = x["h2"].shape[0]
    s = torch.sparse_coo_tensor(torch.stack([x["decision"], x["token"]]), x["g"], (n, V)).to_sparse_csr()
    st = torch.sparse_coo_tensor(torch.stack([x["token"], x["decision"]]), x["g"], (V, n)).to_sparse_csr()
    return s @ x["w"].t(), (st @ x["h2"]).t()


def ms(f, x):
    f(x)
    t0 = time.perf_counter()
    for _ in range(REPEATS):
        f(x)
    return (time.perf_counter() - t0) / REPEATS * 1000


def main():
    warnings.filterwarnings("ignore", message="Sparse CSR tensor support is in beta")
    torch.set_num_threads(1)
    sizes = [int(a) for a in sys.argv[1:]] or [1168, 2203]
    gen = torch.Generator().manual_seed(1)
    forms = [dense, index_add, coo, csr]
    print(f"pytorch {torch.__version__}, 1 thread; V = {V}, D = {D}, {ALLOWED} allowed logits per decision")
    for n in sizes:
        x = operands(n, gen)
        ref = dense(x)
        for f in forms[1:]:
            got = f(x)
            worst = max((a - b).abs().max().item() / b.abs().max().item() for a, b in zip(got, ref))
            assert worst < 1e-5, f"{f.__name__} differs from the dense products: {worst}"
        # interleaved rounds, the median of each form
        times = {f.__name__: [] for f in forms}
        for _ in range(7):
            for f in forms:
                times[f.__name__].append(ms(f, x))
        med = {k: sorted(v)[len(v) // 2] for k, v in times.items()}
        print(f"  {n} decisions, dz·W_outᵀ and h₂ᵀ·dz: " + ", ".join(f"{k} {v:.2f} ms" for k, v in med.items()))
        whole = logits_dense(x)[x["decision"], x["token"]]
        assert (logits_gathered(x) - whole).abs().max().item() < 1e-4 * whole.abs().max().item()
        lt = {f.__name__: sorted(ms(f, x) for _ in range(7))[3] for f in (logits_dense, logits_gathered)}
        print(f"  {n} decisions, the logits: " + ", ".join(f"{k.removeprefix('logits_')} {v:.2f} ms" for k, v in lt.items()))


if __name__ == "__main__":
    main()
