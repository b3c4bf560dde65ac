"""Word lists for the Oracle lexer: subtypes (CR 205.3, as printed on the cards of
kb/oracle-cards-2022-04.jsonl.gz, planar and planeswalker types left out)."""

SUBTYPES = (
    'Adventure', 'Advisor', 'Aetherborn', 'Ally', 'Angel', 'Antelope', 'Ape', 'Arcane',
    'Archer', 'Archon', 'Artificer', 'Assassin', 'Assembly-Worker', 'Atog', 'Aura',
    'Aurochs', 'Avatar', 'Azra', 'Badger', 'Barbarian', 'Bard', 'Basilisk', 'Bat',
    'Bear', 'Beast', 'Beeble', 'Beholder', 'Berserker', 'Bird', 'Boar', 'Bringer',
    'Brushwagg', 'Camel', 'Carrier', 'Cartouche', 'Cat', 'Centaur', 'Cephalid',
    'Chicken', 'Chimera', 'Citizen', 'Class', 'Cleric', 'Clue', 'Cockatrice',
    'Construct', 'Coward', 'Crab', 'Crocodile', 'Curse', 'Cyborg', 'Cyclops', 'Dauthi',
    'Demigod', 'Demon', 'Desert', 'Devil', 'Dinosaur', 'Djinn', 'Dog', 'Dragon',
    'Drake', 'Dreadnought', 'Drone', 'Druid', 'Dryad', 'Dwarf', 'Efreet', 'Egg',
    'Elder', 'Eldrazi', 'Elemental', 'Elephant', 'Elf', 'Elk', 'Equipment', 'Eye',
    'Faerie', 'Ferret', 'Fish', 'Flagbearer', 'Food', 'Forest', 'Fortification', 'Fox',
    'Fractal', 'Frog', 'Fungus', 'Gargoyle', 'Gate', 'Giant', 'Gnoll', 'Gnome', 'Goat',
    'Goblin', 'God', 'Golem', 'Gorgon', 'Gremlin', 'Griffin', 'Hag', 'Halfling',
    'Harpy', 'Hellion', 'Hippo', 'Hippogriff', 'Homarid', 'Homunculus', 'Horror',
    'Horse', 'Human', 'Hydra', 'Hyena', 'Illusion', 'Imp', 'Incarnation', 'Insect',
    'Island', 'Jackal', 'Jellyfish', 'Juggernaut', 'Kavu', 'Kirin', 'Kithkin', 'Knight',
    'Kobold', 'Kor', 'Kraken', 'Lair', 'Lamia', 'Lammasu', 'Leech', 'Legend', 'Lesson',
    'Leviathan', 'Lhurgoyf', 'Licid', 'Lizard', 'Locus', 'Manticore', 'Masticore',
    'Mercenary', 'Merfolk', 'Metathran', 'Mime', 'Mine', 'Minion', 'Minotaur', 'Mole',
    'Monger', 'Mongoose', 'Monk', 'Monkey', 'Moonfolk', 'Mountain', 'Mouse', 'Mutant',
    'Myr', 'Mystic', 'Naga', 'Nautilus', 'Nephilim', 'Nightmare', 'Nightstalker',
    'Ninja', 'Noble', 'Noggle', 'Nomad', 'Nymph', 'Octopus', 'Ogre', 'Ooze', 'Orc',
    'Orgg', 'Otter', 'Ouphe', 'Ox', 'Oyster', 'Pangolin', 'Peasant', 'Pegasus', 'Pest',
    'Phelddagrif', 'Phoenix', 'Phyrexian', 'Pilot', 'Pirate', 'Plains', 'Plant',
    'Power-Plant', 'Praetor', 'Processor', 'Rabbit', 'Raccoon', 'Ranger', 'Rat',
    'Rebel', 'Reflection', 'Rhino', 'Rigger', 'Rogue', 'Rune', 'Sable', 'Saga',
    'Salamander', 'Samurai', 'Satyr', 'Scarecrow', 'Scorpion', 'Scout', 'Serpent',
    'Shade', 'Shaman', 'Shapeshifter', 'Shark', 'Sheep', 'Shrine', 'Siren', 'Skeleton',
    'Slith', 'Sliver', 'Slug', 'Snake', 'Soldier', 'Soltari', 'Spawn', 'Specter',
    'Spellshaper', 'Sphinx', 'Spider', 'Spike', 'Spirit', 'Sponge', 'Squid', 'Squirrel',
    'Starfish', 'Surrakar', 'Swamp', 'Thalakos', 'Thopter', 'Thrull', 'Tiefling',
    'Tower', 'Trap', 'Treasure', 'Treefolk', 'Trilobite', 'Troll', 'Turtle', 'Unicorn',
    "Urza's", 'Vampire', 'Vedalken', 'Vehicle', 'Viashino', 'Volver', 'Wall', 'Warlock',
    'Warrior', 'Weird', 'Werewolf', 'Whale', 'Wizard', 'Wolf', 'Wolverine', 'Wombat',
    'Worm', 'Wraith', 'Wurm', 'Yeti', 'Zombie', 'Zubera',
)


# Term names of the Oracle meaning (parser/oracle_meaning.py): sentences that restrict an
# ability (riders, not effects), sentences that make a line a replacement effect (614.1), and
# words that target (115.1: a mana ability has no target, 605.1a).
RIDER_TERMS = {"activate_only", "spend_only", "cast_only", "cant_spend", "x_not_zero", "new_targets",
               "any_player_may_activate", "spend_colored_x", "mana_persists", "trigger_once_each_turn",
               # 602.5b: limits on how often an ability may be activated restrict it; they are not effects
               "activate_twice_each_turn", "activate_n_each_turn", "activate_at_most_each_turn",
               # 702.142a, 702.57a: the restriction a keyword label puts on its ability
               "boast", "forecast",
               # an Aura's protection that does not make the Aura fall off (702.16c)
               "effect_doesnt_remove_self", "only_opponents_may_activate",
               "ability_costs_less_for_each", "cant_spend_on_generic",
               "any_player_may_activate_only", "spend_only_color_on_x"}
REPLACEMENT_TERMS = {"enters_with", "enter_as_copy", "enter_as_copy_always", "as_enters", "as_enters_or_turned_face_up",
                     "if_instead",
                     "would_die", "would_be_put_into", "would_deal_damage", "would_be_dealt_damage", "would_draw",
                     "would_enter", "would_create", "would_put_counters", "you_tap_for_mana", "causes_you_to_discard",
                     "would_deal_damage_to", "damage_would_be_dealt_to", "would_die_this_turn",
                     "counters_would_be_put_on", "an_effect_would_put_counters", "is_tapped_for_mana",
                     "an_effect_would_create", "would_be_created_under_your_control"}
TARGETING_TERMS = {"target", "any_target", "any_other_target", "target_players", "target_opponents",
                   "target_player_controls", "target_opponent_controls", "target_spell_or_ability"}
