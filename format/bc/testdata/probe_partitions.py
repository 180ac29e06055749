from PIL import Image
class BW:
    def __init__(s): s.v=0; s.n=0
    def put(s,val,bits):
        s.v |= (val & ((1<<bits)-1)) << s.n; s.n += bits
    def bytes(s):
        assert s.n==128, s.n
        return s.v.to_bytes(16,'little')
def dec(b):
    return list(Image.frombytes('RGBA',(4,4),b,'bcn',(7,'BC7')).getdata())
p2=[];a2=[]
for p in range(64):
    w=BW(); w.put(2,2); w.put(p,6)
    # R: subset0 e0=0 e1=0 ; subset1 e0=0 e1=63 ; G: subset0 0,63; subset1 0,0
    for v in (0,0,0,63): w.put(v,6)
    for v in (0,63,0,0): w.put(v,6)
    for v in (0,0,0,0): w.put(v,6)
    w.put(0,2)
    w.put((1<<46)-1,46)
    px=dec(w.bytes())
    sub=[1 if c[0]>10 else 0 for c in px]
    anc=[i for i,c in enumerate(px) if 10<(c[0] if sub[i] else c[1])<200]
    p2.append(''.join(map(str,sub))); a2.append(anc)
p3=[];a3=[]
for p in range(64):
    w=BW(); w.put(4,3); w.put(p,6)
    for ch in range(3):
        for s in range(3):
            w.put(0,5); w.put(31 if s==ch else 0,5)
    w.put((1<<29)-1,29)
    px=dec(w.bytes())
    sub=[max(range(3),key=lambda k:c[k]) for c in px]
    anc=[i for i,c in enumerate(px) if c[sub[i]]!=255]
    p3.append(''.join(map(str,sub))); a3.append(anc)
print("P2")
for p,a in zip(p2,a2): print(p,a)
print("P3")
for p,a in zip(p3,a3): print(p,a)
