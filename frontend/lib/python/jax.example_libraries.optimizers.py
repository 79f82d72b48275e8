# jax.example_libraries.optimizers: optimizers as (init, update, get_params)
# triples over pytrees of arrays, as JAX's example library defines them.
#
# An optimizer is written for one array (its state a small pytree of
# arrays); `optimizer` lifts it to parameter pytrees: the state keeps every
# leaf's flattened state, the parameter treedef and each leaf's state treedef.
from collections import namedtuple
from typing import NamedTuple
import jax
import jax.numpy as jnp


class OptimizerState:
    """The state of a lifted optimizer: a pytree whose leaves are the arrays."""

    def __init__(self, packed_state, tree_def, subtree_defs):
        self.packed_state = packed_state
        self.tree_def = tree_def
        self.subtree_defs = subtree_defs

    def __iter__(self):
        return iter((self.packed_state, self.tree_def, self.subtree_defs))

    def __repr__(self):
        return ('OptimizerState(packed_state=' + repr(self.packed_state) + ', tree_def=' +
                repr(self.tree_def) + ', subtree_defs=' + repr(self.subtree_defs) + ')')


jax.tree_util.register_pytree_node(
    OptimizerState,
    lambda s: ((s.packed_state,), (s.tree_def, tuple(s.subtree_defs))),
    lambda aux, children: OptimizerState(children[0], aux[0], aux[1]))


class Optimizer(NamedTuple):
    init_fn: object
    update_fn: object
    params_fn: object


def _same_tree(a, b):
    # parax's treedefs compare by identity; their JAX-form text is the structure.
    return a is b or str(a) == str(b)


def _flatten_all(trees):
    flats, defs = [], []
    for t in trees:
        leaves, d = jax.tree.flatten(t)
        flats.append(leaves)
        defs.append(d)
    return flats, tuple(defs)


def optimizer(opt_maker):
    """Lifts an optimizer written for single arrays to pytrees of them."""
    def tree_opt_maker(*args, **kwargs):
        init, update, get_params = opt_maker(*args, **kwargs)

        def tree_init(x0_tree):
            x0_flat, tree = jax.tree.flatten(x0_tree)
            states_flat, subtrees = _flatten_all([init(x0) for x0 in x0_flat])
            return OptimizerState(states_flat, tree, subtrees)

        def tree_update(i, grad_tree, opt_state):
            states_flat, tree, subtrees = opt_state
            grad_flat, tree2 = jax.tree.flatten(grad_tree)
            if not _same_tree(tree2, tree):
                raise TypeError('optimizer update function was passed a gradient tree that did '
                                'not match the parameter tree structure with which it was '
                                'initialized: parameter tree ' + str(tree) + ' and grad tree ' +
                                str(tree2) + '.')
            states = [jax.tree.unflatten(d, s) for d, s in zip(subtrees, states_flat)]
            new_states = [update(i, g, s) for g, s in zip(grad_flat, states)]
            new_flat, subtrees2 = _flatten_all(new_states)
            for a, b in zip(subtrees, subtrees2):
                if not _same_tree(a, b):
                    raise TypeError('optimizer update function produced an output structure '
                                    'that did not match its input structure: input ' + str(a) +
                                    ' and output ' + str(b) + '.')
            return OptimizerState(new_flat, tree, subtrees)

        def tree_get_params(opt_state):
            states_flat, tree, subtrees = opt_state
            states = [jax.tree.unflatten(d, s) for d, s in zip(subtrees, states_flat)]
            return jax.tree.unflatten(tree, [get_params(s) for s in states])

        return Optimizer(tree_init, tree_update, tree_get_params)
    return tree_opt_maker


def constant(step_size):
    def schedule(i):
        return step_size
    return schedule


def exponential_decay(step_size, decay_steps, decay_rate):
    def schedule(i):
        return step_size * decay_rate ** (i / decay_steps)
    return schedule


def inverse_time_decay(step_size, decay_steps, decay_rate, staircase=False):
    def schedule(i):
        if staircase:
            return step_size / (1 + decay_rate * jnp.floor(i / decay_steps))
        return step_size / (1 + decay_rate * i / decay_steps)
    return schedule


def polynomial_decay(step_size, decay_steps, final_step_size, power=1.0):
    def schedule(step_num):
        step_num = jnp.minimum(step_num, decay_steps)
        step_mult = (1 - step_num / decay_steps) ** power
        return step_mult * (step_size - final_step_size) + final_step_size
    return schedule


def piecewise_constant(boundaries, values):
    boundaries = jnp.array(boundaries)
    values = jnp.array(values)
    if not boundaries.ndim == values.ndim == 1:
        raise ValueError('boundaries and values must be sequences')
    if not boundaries.shape[0] == values.shape[0] - 1:
        raise ValueError('boundaries length must be one shorter than values length')

    def schedule(i):
        return values[jnp.sum(i > boundaries)]
    return schedule


def make_schedule(scalar_or_schedule):
    if callable(scalar_or_schedule):
        return scalar_or_schedule
    if jnp.ndim(scalar_or_schedule) == 0:
        return constant(scalar_or_schedule)
    raise TypeError(type(scalar_or_schedule))


@optimizer
def sgd(step_size):
    step_size = make_schedule(step_size)
    return (lambda x0: x0), (lambda i, g, x: x - step_size(i) * g), (lambda x: x)


@optimizer
def momentum(step_size, mass):
    step_size = make_schedule(step_size)

    def update(i, g, state):
        x, velocity = state
        velocity = mass * velocity + g
        return x - step_size(i) * velocity, velocity
    return (lambda x0: (x0, jnp.zeros_like(x0))), update, (lambda s: s[0])


@optimizer
def nesterov(step_size, mass):
    step_size = make_schedule(step_size)

    def update(i, g, state):
        x, velocity = state
        velocity = mass * velocity + g
        return x - step_size(i) * (mass * velocity + g), velocity
    return (lambda x0: (x0, jnp.zeros_like(x0))), update, (lambda s: s[0])


@optimizer
def adagrad(step_size, momentum=0.9):
    step_size = make_schedule(step_size)

    def update(i, g, state):
        x, g_sq, m = state
        g_sq = g_sq + jnp.square(g)
        g_sq_inv_sqrt = jnp.where(g_sq > 0, 1. / jnp.sqrt(g_sq), 0.0)
        m = (1. - momentum) * (g * g_sq_inv_sqrt) + momentum * m
        return x - step_size(i) * m, g_sq, m
    return (lambda x0: (x0, jnp.zeros_like(x0), jnp.zeros_like(x0))), update, (lambda s: s[0])


@optimizer
def rmsprop(step_size, gamma=0.9, eps=1e-8):
    step_size = make_schedule(step_size)

    def update(i, g, state):
        x, avg_sq_grad = state
        avg_sq_grad = avg_sq_grad * gamma + jnp.square(g) * (1. - gamma)
        return x - step_size(i) * g / jnp.sqrt(avg_sq_grad + eps), avg_sq_grad
    return (lambda x0: (x0, jnp.zeros_like(x0))), update, (lambda s: s[0])


@optimizer
def rmsprop_momentum(step_size, gamma=0.9, eps=1e-8, momentum=0.9):
    step_size = make_schedule(step_size)

    def update(i, g, state):
        x, avg_sq_grad, mom = state
        avg_sq_grad = avg_sq_grad * gamma + jnp.square(g) * (1. - gamma)
        mom = momentum * mom + step_size(i) * g / jnp.sqrt(avg_sq_grad + eps)
        return x - mom, avg_sq_grad, mom
    return (lambda x0: (x0, jnp.zeros_like(x0), jnp.zeros_like(x0))), update, (lambda s: s[0])


@optimizer
def adam(step_size, b1=0.9, b2=0.999, eps=1e-8):
    step_size = make_schedule(step_size)

    def update(i, g, state):
        x, m, v = state
        m = (1 - b1) * g + b1 * m
        v = (1 - b2) * jnp.square(g) + b2 * v
        mhat = m / (1 - jnp.asarray(b1, m.dtype) ** (i + 1))
        vhat = v / (1 - jnp.asarray(b2, m.dtype) ** (i + 1))
        return x - step_size(i) * mhat / (jnp.sqrt(vhat) + eps), m, v
    return (lambda x0: (x0, jnp.zeros_like(x0), jnp.zeros_like(x0))), update, (lambda s: s[0])


@optimizer
def adamax(step_size, b1=0.9, b2=0.999, eps=1e-8):
    step_size = make_schedule(step_size)

    def update(i, g, state):
        x, m, u = state
        m = (1 - b1) * g + b1 * m
        u = jnp.maximum(b2 * u, jnp.abs(g))
        x = x - (step_size(i) / (1 - jnp.asarray(b1, m.dtype) ** (i + 1))) * m / (u + eps)
        return x, m, u
    return (lambda x0: (x0, jnp.zeros_like(x0), jnp.zeros_like(x0))), update, (lambda s: s[0])


def l2_norm(tree):
    leaves = jax.tree.leaves(tree)
    return jnp.sqrt(sum([jnp.vdot(x, x) for x in leaves]))


def clip_grads(grad_tree, max_norm):
    norm = l2_norm(grad_tree)
    return jax.tree.map(lambda g: jnp.where(norm < max_norm, g, g * (max_norm / norm)), grad_tree)
