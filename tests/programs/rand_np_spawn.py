# covers: numpy SeedSequence.spawn / spawn_key / n_children_spawned and Generator.spawn: independent child streams bit-exact with numpy
# conform: exact
import numpy as np

ss = np.random.SeedSequence(42)
kids = ss.spawn(3)
print(ss.n_children_spawned, [k.spawn_key for k in kids])
print([k.generate_state(2).tolist() for k in kids])
grand = kids[1].spawn(2)
print([g.spawn_key for g in grand], grand[1].generate_state(3).tolist())
more = ss.spawn(1)
print(more[0].spawn_key, ss.n_children_spawned)
print([float(np.random.default_rng(k).random()) for k in kids])

rng = np.random.default_rng(7)
streams = rng.spawn(2)
print([s.integers(0, 100, size=4).tolist() for s in streams])
print(float(rng.random()), [float(s.standard_normal()) for s in rng.spawn(2)])
print(np.random.SeedSequence(5, spawn_key=(1, 2)).generate_state(2).tolist())
