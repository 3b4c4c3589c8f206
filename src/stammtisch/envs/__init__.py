"""PettingZoo environments of the four games (``pip install 'stammtisch[rl]'``).

>>> from stammtisch.envs import schnapsen_v0
>>> env = schnapsen_v0.env(match_target=3)
>>> env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs)
['action_mask', 'observation']

Each ``<game>_v0`` module documents its observation field by field, its action
indices and its rewards; envs/base.py holds what they share.
"""
