# The standard-library pieces a JAX training script leans on, together: a
# dict-subclass config, OrderedDict parameters through jax.grad and jit,
# a deque of recent losses, a Counter of predicted classes, logging of the
# loop to stdout, and re to parse a schedule string.
import logging
import re
import sys
from collections import Counter, OrderedDict, defaultdict, deque

import jax
import jax.numpy as jnp


class Config(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name)


cfg = Config(lr=0.1, steps=6, schedule="warmup:2,decay:0.5")
phases = dict((k, float(v)) for k, v in re.findall(r"(\w+):([\d.]+)", cfg.schedule))
print(cfg.lr, cfg.steps, phases)

logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s",
                    stream=sys.stdout)
log = logging.getLogger("train")

key = jax.random.PRNGKey(0)
x = jax.random.normal(key, (8, 3))
w_true = jnp.array([1.0, -2.0, 0.5])
y = x @ w_true
params = OrderedDict(w=jnp.zeros(3), b=jnp.zeros(()))


def loss_fn(p, x, y):
    pred = x @ p["w"] + p["b"]
    return jnp.mean((pred - y) ** 2)


@jax.jit
def update(p, x, y, lr):
    l, g = jax.value_and_grad(loss_fn)(p, x, y)
    return jax.tree_util.tree_map(lambda a, b: a - lr * b, p, g), l


recent = deque(maxlen=3)
for step in range(cfg.steps):
    lr = cfg.lr * (phases["decay"] if step >= phases["warmup"] else 1.0)
    params, loss = update(params, x, y, lr)
    recent.append(round(float(loss), 4))
    if step % 2 == 0:
        log.info("step %d loss %.4f lr %.3f", step, loss, lr)
print(type(params).__name__, list(params), recent, len(recent))
print(jax.tree_util.tree_structure(params))
preds = jnp.argmax(x, axis=1).tolist()
votes = Counter(preds)
print(votes.most_common(2), sorted(votes.elements()))
by_class = defaultdict(list)
for i, c in enumerate(preds):
    by_class[c].append(i)
print(dict(sorted(by_class.items())), jax.tree_util.tree_leaves(by_class))
log.warning("done after %d steps", cfg.steps)
