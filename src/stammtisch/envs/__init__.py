"""PettingZoo environments of the four games (``pip install 'stammtisch[rl]'``).

>>> from stammtisch.envs import schnapsen_v0
>>> env = schnapsen_v0.env(match_target=3)
>>> env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs)
['action_mask', 'observation']

PettingZoo's checks that apply are those it runs on its own classic games:
``api_test``, ``seed_test`` and ``render_test`` (tests/envs/). The games are turn-based
(``is_parallelizable`` is False), so ``aec_to_parallel`` does not apply; the parallel
API is checked through ``turn_based_aec_to_parallel``, PettingZoo's conversion for
turn-based games (only the acting seat's action counts each step).

Each ``<game>_v0`` module documents its observation field by field, its action
indices and its rewards; envs/base.py holds what they share.

The same games as single-agent Gymnasium environments against the built-in levels:
``gymnasium.make("stammtisch/Schnapsen-v0", opponents="club")`` (envs/gym.py; the ids
are registered when this package is imported, where Gymnasium is installed:
envs/registration.py). Many matches of one game stepped together, with arrays of
observations, masks and rewards (Gymnasium's vector API, self-play): envs/vector.py.

The same games as OpenSpiel games (the same action indices and tensors):
envs/openspiel.py (``register_all()``); OpenSpiel's ISMCTS as a bot of every game:
envs/openspiel_ismcts.py, offered as the level ``openspiel-ismcts`` by envs/levels.py.
"""

try:
    from stammtisch.envs.registration import register_envs as _register_envs
except ImportError:  # no Gymnasium (the rl extra): nothing to register
    pass
else:
    _register_envs()
